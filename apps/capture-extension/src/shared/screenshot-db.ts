/**
 * Screenshots' bytes, in the extension's IndexedDB (chrome.storage.session is too small for
 * 100 PNGs). Shared by the background, which files them, and the popup, which shows them in the
 * review. Emptied when a recording is uploaded, discarded or a new one starts.
 */
const DB = 'sopwright-capture';
const STORE = 'screenshots';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

export const putScreenshot = (key: string, blob: Blob) => run('readwrite', (store) => store.put(blob, key)).then(() => undefined);
export const getScreenshot = (key: string) => run<Blob | undefined>('readonly', (store) => store.get(key) as IDBRequest<Blob | undefined>);
export const clearScreenshots = () => run('readwrite', (store) => store.clear()).then(() => undefined);
