/** The API of the Commish tools' the Bonuses tool (bonus pool per week, details, recalculation). */
export {};
