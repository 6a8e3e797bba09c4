/**
 * The app's timings (SPEC §8, §9 and the customer's design card): how long a toast stays, how
 * fast the problem alert blinks, how long a search waits for the typing to stop, how often the
 * header polls, how long after a planning change the service screen reloads. Business timings,
 * not theme values: machines and components read them from here.
 */
export const TIMINGS = {
  toastMs: 6000,
  alertBlinkMs: 500,
  searchDebounceMs: 500,
  pollMs: 120_000,
  reloadDebounceMs: 2000,
  // how long a list keeps its rows on screen when it loads again before showing the skeleton: a
  // click that began on a row (its link, as the search box applies what was typed) lands on it
  refetchSkeletonMs: 400,
  // how often a running automatic staffing proposal is read (its progress)
  proposalPollMs: 1000,
} as const;
