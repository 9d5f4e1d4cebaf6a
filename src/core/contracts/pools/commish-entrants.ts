/** The API of the Commish tools' Manage Entrants and the Commish's Desk posts. */
export {};
