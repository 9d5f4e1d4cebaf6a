export * from './champions';
export * from './finances';
export * from './prize-split';
