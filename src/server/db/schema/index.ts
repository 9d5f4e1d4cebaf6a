export * from './calendar';
export * from './changelog';
export * from './leagues';
export * from './pools';
export * from './sports';
export * from './users';
