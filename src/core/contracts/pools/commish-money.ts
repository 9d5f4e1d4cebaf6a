/** The API of the Commish tools' Finances (payments, prizes paid) and Split Prizes. */
export {};
