// Runs a wasm32-wasip1 test binary under Node's built-in WASI (no runtime
// to install): `node .ci/wasi-runner.mjs file.wasm [args...]`, set as
// CARGO_TARGET_WASM32_WASIP1_RUNNER by .ci/platforms. The binary sees the
// real file system at `/` and the current directory, the environment and
// its arguments; the exit code is its own.
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";

const [wasmPath, ...args] = process.argv.slice(2);
const wasi = new WASI({
  version: "preview1",
  args: [wasmPath, ...args],
  env: process.env,
  preopens: { "/": "/", ".": process.cwd() },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(wasmPath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
