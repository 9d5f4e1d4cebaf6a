export * from './pick-rules';
export * from './picks-due';
