// Loaded into the end-to-end server with `node --import`: when the wrapper that started it is gone
// (killed outright, so it could not pass a signal on), the server closes itself rather than keep
// holding the test port for the next run.
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  process.kill(process.pid, 'SIGTERM');
}, 500);
watch.unref();
