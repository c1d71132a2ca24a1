// `npm run dev`: the API with reload on :8080 and the Vite dev server on :5173 (which proxies /api and /media).
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = [
  // Wallets send the browser back to PUBLIC_URL: the Vite server, which proxies the API and the wallet simulators.
  spawn(npm, ['run', 'dev', '-w', '@pasal/api'], {
    stdio: 'inherit',
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env },
  }),
  spawn(npm, ['run', 'dev', '-w', '@pasal/web'], { stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => (process.exitCode ||= code ?? 0));
