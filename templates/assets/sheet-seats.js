// Who is at the table (engine version 2): a seat away from a deal is null in both its bids and
// its tricks.

/** The seats away from the round being entered (or edited): sitting it out, or gone. */
export function awaySeats(app) {
  const { draft, gone } = app.state;
  return new Set(draft.out !== null && draft.out !== undefined ? draft.out : gone || []);
}
