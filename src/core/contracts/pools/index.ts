export * from './bonuses';
export * from './entrants';
export * from './feed';
export * from './finances';
export * from './page';
export * from './paths';
export * from './picks';
export * from './sign-up';
