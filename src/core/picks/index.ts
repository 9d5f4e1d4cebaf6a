export * from './pick-rules';
