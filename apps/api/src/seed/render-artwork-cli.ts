import { renderDemoArtwork } from './demo-artwork';

// `node render-artwork-cli.js <media folder>`: draws the missing demo pictures and prints what it
// did as JSON. The server's first start runs it as a process of its own (demo-artwork-apart.ts).

const mediaDir = process.argv[2];
if (!mediaDir) {
  console.error('usage: render-artwork-cli <media folder>');
  process.exit(2);
}
process.stdout.write(JSON.stringify(await renderDemoArtwork(mediaDir)));
