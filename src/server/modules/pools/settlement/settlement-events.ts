/**
 * Feed event types the settlement posts (spec 1 section 3: 1 to 31; 7 is the bonus view, 17 an alert).
 * The news of what a judged week did to each entry is read from the judged week (feed/week-news.repo).
 */
export const SETTLEMENT_EVENT_TYPES = {
  insurancePick: 12,
  bonus: 7,
  bonusShutdown: 17,
  correction: 17,
} as const;
