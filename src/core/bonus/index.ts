export * from './detect';
export * from './options';
export * from './toggle';
