/** The demo world's players: username, first name, last name (the seed makes them; their entrants act). */
export const DEMO_USERS = [
  ['commish', 'Casey', 'Morgan'],
  ['jordan', 'Jordan', 'Reyes'],
  ['taylor', 'Taylor', 'Brooks'],
  ['sam', 'Sam', 'Whitfield'],
  ['riley', 'Riley', 'Chen'],
  ['alex', 'Alex', 'Novak'],
  ['jamie', 'Jamie', 'Ortiz'],
  ['drew', 'Drew', 'Patel'],
  ['morgan', 'Morgan', 'Kim'],
  ['quinn', 'Quinn', 'Adebayo'],
  ['avery', 'Avery', 'Lindqvist'],
  ['blake', 'Blake', 'Okafor'],
] as const;
