// Start Pyodide in a Worker and import the project's own code from the server's
// bundle (docs/web.md). Pyodide loads only from our own address (indexURL), and
// core/games/bots need nothing beyond the standard library, so no package is
// ever fetched from another host.

const BUNDLE_DIR = "/home/pyodide/bundle";

export async function bootPython({ pyodideUrl, bundleUrl }) {
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideUrl).href);
  const [pyodide, bundle] = await Promise.all([
    loadPyodide({ indexURL: pyodideUrl }),
    fetch(bundleUrl).then((r) => {
      if (!r.ok) throw new Error(`bundle ${bundleUrl}: HTTP ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(bundle, "zip", { extractDir: BUNDLE_DIR });
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(BUNDLE_DIR)})`);
  return pyodide.pyimport("boardbots.browser.worker_api");
}
