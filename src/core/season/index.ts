// Public API of the season-play half of the rules engine.
export * from './bonus-money';
export * from './end-rule';
export * from './entries';
export * from './insurance';
export * from './nfl-team';
export * from './play-season';
export * from './prize-pool';
export * from './random';
export * from './results';
export * from './scenario.schema';
export * from './settle-week';
export * from './validate';
export * from './week-end';
