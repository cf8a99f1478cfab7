/**
 * Imported first by every entry point, before anything queues work on libuv's thread pool (its size is
 * read once, at first use). The default 4 threads are shared by password hashing (argon2), image
 * re-encoding (sharp) and file I/O: a few uploads would stall every sign-in. Eight leave hashing room while
 * at most ImageLimits.maxConcurrentJobs images are processed at once. An explicit UV_THREADPOOL_SIZE wins.
 */
process.env.UV_THREADPOOL_SIZE ??= '8';
