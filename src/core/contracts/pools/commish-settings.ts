/** The API of the Commish tools' Pool Settings. */
export {};
