// The bundler (Vite) loads stylesheets imported for their side effect (main.ts imports table.css).
declare module '*.css';
