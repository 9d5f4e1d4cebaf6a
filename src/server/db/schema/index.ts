export * from './calendar';
export * from './changelog';
export * from './leagues';
export * from './pools';
export * from './push';
export * from './reminders';
export * from './sports';
export * from './users';
