/** The API of the Commish tools' Edit Picks. */
export {};
