// Re-exports of BM25, exact top-k search and .npy/.npz matrix I/O.
export {};
