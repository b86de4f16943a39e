/**
 * A video's length in seconds, read from the file's own metadata by the browser's media stack
 * (no upload needed). WebM files recorded in a browser may report Infinity until the end is
 * sought, so that case seeks once to make the browser compute it.
 */
export function readVideoDuration(file: Blob): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    const finish = (result: number | Error) => {
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      if (typeof result === 'number') resolve(result);
      else reject(result);
    };
    video.addEventListener('error', () => finish(new Error('unreadable video')), { once: true });
    video.addEventListener(
      'loadedmetadata',
      () => {
        if (Number.isFinite(video.duration)) {
          finish(video.duration);
          return;
        }
        video.addEventListener('durationchange', () => {
          if (Number.isFinite(video.duration)) finish(video.duration);
        });
        video.currentTime = Number.MAX_SAFE_INTEGER;
      },
      { once: true },
    );
    video.src = url;
  });
}
