// node api.tmp.mjs method '{"json":"args"}'
import WebSocket from 'ws';
const [, , method, args] = process.argv;
const ws = new WebSocket('ws://127.0.0.1:5190/api', { headers: { origin: 'http://127.0.0.1:5190' } });
ws.on('open', () => ws.send(JSON.stringify({ id: 1, method, args: JSON.parse(args ?? '{}') })));
ws.on('message', (d) => { const m = JSON.parse(String(d)); if (m.id === 1) { console.log(JSON.stringify(m.ok ? m.value : m.error)); ws.close(); } });
