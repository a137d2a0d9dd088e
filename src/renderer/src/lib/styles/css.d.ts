// The bundler (Vite) loads stylesheets imported for their side effect (main.ts imports base.css and table.css).
declare module '*.css';
