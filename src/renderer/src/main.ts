import { mount } from 'svelte';
import App from './App.svelte';
import './lib/styles/base.css';
import './lib/styles/table.css';
import { createClient } from './api/client';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

const { api, transport } = createClient();
mount(App, { target, props: { api, transport } });
