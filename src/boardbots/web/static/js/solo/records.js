// The engine Worker keeps each solo table's record (seed and log) in this
// browser's IndexedDB, so a reload or a later visit resumes the game. The page
// itself never reads it.

const DB = "boardbots-solo";
const STORE = "tables";

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run(mode, fn) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const loadRecord = (id) => run("readonly", (s) => s.get(id));
export const saveRecord = (id, text) => run("readwrite", (s) => s.put(text, id));
