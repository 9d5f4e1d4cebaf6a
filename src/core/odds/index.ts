export * from './elo';
export * from './nfl-td-odds';
export * from './planner';
export * from './pool-odds';
export * from './scores';
export * from './week-odds';
