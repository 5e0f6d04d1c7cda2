// When the table draws its board: at once, or (no pause before an automatic step) only if no
// step replaces the position within two frames.

/** The board of this position. With no pause before an automatic step, that step replaces the
 *  position at once and draws its own board: this one waits up to two frames for it (the
 *  previous board stays painted meanwhile), and is drawn only if no step came. */
export function drawBoard(refs, ctx) {
  cancelBoard(refs);
  if (!(ctx.autoPending && ctx.speed === 0)) {
    ctx.renderBoard(refs.board, ctx.snap);
    return;
  }
  const { snap } = ctx;
  const wait = (frames) => {
    refs.boardFrame = requestAnimationFrame(() => {
      if (frames > 1) return wait(frames - 1);
      refs.boardFrame = 0;
      // drawn in a task of its own, not inside the frame: the browser lays the new board out
      // in the next frame, so building it and laying it out are two tasks, not one twice as long
      refs.boardTask = setTimeout(() => {
        refs.boardTask = 0;
        ctx.renderBoard(refs.board, snap);
      });
    });
  };
  wait(2);
}

/** A board still waiting for its frame (or its task) stays undrawn. */
export function cancelBoard(refs) {
  cancelAnimationFrame(refs.boardFrame);
  clearTimeout(refs.boardTask);
  refs.boardFrame = 0;
  refs.boardTask = 0;
}
