// Classifies photos with nsfwjs's MobileNetV2 off the server's event loop (content-classifier.ts).
// Plain JavaScript so that Node runs it as it is, under tsx and vitest alike.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

// Nothing here may come from the network: the weights ship inside nsfwjs (base64 in
// dist/models/mobilenet_v2/*.min.js, loaded by import) and the .wasm inside the backend package
// (read from disk). Without fetch, a code path that tried to download would fail, not download.
const noNetwork = () => Promise.reject(new Error('the content classifier never uses the network'));
globalThis.fetch = noNetwork;

// tfjs and nsfwjs print advice on load (install tfjs-node, host your own model): not log lines.
const { info, warn, log } = console;
console.info = console.warn = console.log = () => {};
let tf;
let model;
try {
  tf = await import('@tensorflow/tfjs');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  const require = createRequire(import.meta.url);
  wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}${path.sep}`);
  // One thread: the other core stays with the server's requests.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  if (!(await tf.setBackend('wasm'))) throw new Error('the WebAssembly backend did not start');
  const { load } = await import('nsfwjs');
  model = await load('MobileNetV2');
} catch (error) {
  parentPort.postMessage({ failed: String(error?.message ?? error) });
  process.exit(1);
} finally {
  Object.assign(console, { info, warn, log });
}

const size = 224;

parentPort.on('message', async ({ pixels }) => {
  try {
    if (!(pixels instanceof Uint8Array) || pixels.length !== size * size * 3)
      throw new Error(`expected ${size}x${size} RGB pixels`);
    const image = tf.tensor3d(pixels, [size, size, 3], 'int32');
    try {
      const predictions = await model.classify(image, 5);
      parentPort.postMessage({ predictions, backend: tf.getBackend() });
    } finally {
      image.dispose();
    }
  } catch (error) {
    parentPort.postMessage({ error: String(error?.message ?? error) });
  }
});
parentPort.postMessage({ ready: true, backend: tf.getBackend() });
