export * from './common';
export * from './mlb-facts';
export * from './nba-facts';
export * from './week-records';
