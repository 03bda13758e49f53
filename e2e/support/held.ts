/**
 * A response the test holds until it says so: `await held.released` in a route handler, then
 * `held.release()` once the state the hold is for has been seen. No fixed sleep.
 */
export function held() {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  return { released, release }
}
