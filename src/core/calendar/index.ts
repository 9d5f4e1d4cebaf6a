export * from './locks';
export * from './pacific-time';
export * from './weeks';
