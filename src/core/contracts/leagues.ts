import { z } from 'zod';
import { isHttpUrl } from './auth';
import { idSchema } from './common';
import { PageInfoSchema, pageQuerySchema } from './paging';

/**
 * API contract for leagues, memberships, league mail and the hub lists (issue 4).
 * Conventions: snake_case fields as the spec shows them; instants are ISO strings (UTC);
 * money is integer cents (format as dollars in the UI); every 4xx answer is {message}.
 */

export const LEAGUE_NAME_MAX = 40;
export const LEAGUE_ABB_MAX = 5;
export const LEAGUE_DESC_MAX = 255;

/** Messages shown as they are; the server answers them as {message} too. */
export const LEAGUE_MESSAGES = {
  // Create league (spec 3 section 5, spec 2 section 5 inline form)
  name: "You must include your league's name",
  nameLong: "Your league's name cannot be longer than 40 characters",
  abb: "You must include your league's abbreviation",
  abbFormat: "Your league's abbreviation can only include alphanumeric characters",
  abbLong: "Your league's abbreviation cannot be longer than 5 characters",
  descLong: "Your league's description cannot be longer than 255 characters",
  logo: 'The URL you have provided is invalid. Please try again.',
  abbTaken: 'That league abbreviation is already taken',
  hiddenNeedsPrivate: 'Only a private league can be hidden. Turn off Open for Public Entry first.',
  createFailed: 'Error creating league',
  // League Details form (spec 2 section 5)
  detailsName: 'League name is required',
  detailsAbb: 'League abbreviation is required',
  detailsAbbLong: 'Abbreviation must be 5 characters or less',
  detailsLogo: 'Please enter a valid URL',
  updatedTitle: 'League Updated',
  updatedBody: 'Your league details have been updated successfully.',
  updateFailedTitle: 'Update Failed',
  updateFailedBody: 'There was an error updating your league details.',
  // League page
  notFound: 'No league was found matching these parameters.',
  privateLeague: 'This is a private league that you are not a member of.',
  requestSent: "Your request has been sent to this league's Commissioner.",
  defaultDesc: (name: string) => `Welcome to ${name}!`,
  noTrophies: "Your league's trophies will appear here once a pool has concluded.",
  featureHidden: 'This feature is hidden to users outside the league.',
  youAreMember: 'You are a member of this league.',
  // Membership
  loginRequired: 'You must be logged in to do that.',
  alreadyMember: 'You are already a member of this league.',
  notJoinable: "This league is private. Request access and the league's commissioner will decide.",
  requestPending:
    "You have already requested to join this league. Check your User Profile page for your request's status.",
  requestRejected:
    "Your request to join this league was denied. Only the league's commissioner can reverse that.",
  badInvite: 'This invite link is not valid. Ask a member of the league for a new one.',
  requestNotFound: 'That join request was not found.',
  requestDecided:
    'Another admin decided this request in the meantime. Check its status and decide again if needed.',
  adminsOnly: "Only this league's administrators can do that.",
  membersOnly: 'Only members of this league can do that.',
  // Settings
  settingsSavedTitle: 'League Settings Saved',
  settingsSavedBody: 'Your settings for this league have been successfully updated.',
  // Invite by e-mail
  invalidEmail: 'Please enter a valid email address.',
  inviteSent: 'INVITATION SENT!',
  inviteError: 'ERROR SENDING INVITE',
  // Email League / Email Pool (spec 2 sections 5 and 8)
  emailSubject: "You didn't include a subject for your email!",
  emailBody: "You didn't include anything in the body of your email!",
  emailTooLong: 'Your email is too long: keep it under 100 KB (100,000 characters of HTML).',
  emailSentTitle: 'Email sent!',
  emailSentBody: 'Your email has been sent successfully!',
  emailFailedTitle: 'There was an error sending your email',
  emailFailedBody: (error: string) =>
    `An error was encountered sending your email: ${error}. Please contact ALA support for help with this error.`,
  poolNotFound: 'No pool was found matching these parameters.',
} as const;

/** Join request status by name, as stored and on the wire (anything but approved and pending shows as rejected). */
export const REQUEST_STATUS = { approved: 1, pending: 2, rejected: 3 } as const;

/** Join request status: 1 approved, 2 pending, 3 rejected. */
export const RequestStatusSchema = z.union([
  z.literal(REQUEST_STATUS.approved),
  z.literal(REQUEST_STATUS.pending),
  z.literal(REQUEST_STATUS.rejected),
]);
export type RequestStatus = z.infer<typeof RequestStatusSchema>;

/** Games a league can hide from its page (nfl is labelled NFL TD, nfl-survivor NFL Survivor). */
export const HiddenGameSchema = z.enum(['nba', 'nfl', 'mlb', 'nfl-survivor']);

const ABB_PATTERN = /^[A-Za-z0-9]+$/;

/** Optional text: missing, null and blank all become null. */
function optionalText(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => (v ? v : null));
}

function optionalUrl(message: string) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isHttpUrl(v), { error: message });
}

function requiredName(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(LEAGUE_NAME_MAX, { error: LEAGUE_MESSAGES.nameLong });
}

function requiredAbb(requiredMessage: string, longMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .regex(ABB_PATTERN, { error: LEAGUE_MESSAGES.abbFormat })
    .max(LEAGUE_ABB_MAX, { error: longMessage });
}

/** POST /leagueRoutes/createLeague. userId/username may be sent but are ignored: the session decides. */
export const CreateLeagueRequestSchema = z
  .object({
    name: requiredName(LEAGUE_MESSAGES.name),
    abb: requiredAbb(LEAGUE_MESSAGES.abb, LEAGUE_MESSAGES.abbLong),
    desc: optionalText(LEAGUE_DESC_MAX, LEAGUE_MESSAGES.descLong),
    logo: optionalUrl(LEAGUE_MESSAGES.logo),
    /** Open for public entry. Leagues are private by default. */
    joinable: z.boolean().default(false),
    /** Only allowed when not joinable (400 hiddenNeedsPrivate otherwise). */
    hidden: z.boolean().default(false),
    userId: z.unknown().optional(),
    username: z.unknown().optional(),
  })
  .refine((v) => !(v.joinable && v.hidden), { error: LEAGUE_MESSAGES.hiddenNeedsPrivate, path: ['hidden'] });
export type CreateLeagueRequest = z.input<typeof CreateLeagueRequestSchema>;

export const CreateLeagueResponseSchema = z.object({ league: z.object({ id: z.number(), abb: z.string() }) });
export type CreateLeagueResponse = z.infer<typeof CreateLeagueResponseSchema>;

/** POST /leagueRoutes/updateLeague (admins only). Turning joinable on turns hidden off. Answers {league: LeagueInfo}. */
export const UpdateLeagueRequestSchema = z.object({
  leagueId: idSchema(LEAGUE_MESSAGES.notFound),
  name: requiredName(LEAGUE_MESSAGES.detailsName),
  abb: requiredAbb(LEAGUE_MESSAGES.detailsAbb, LEAGUE_MESSAGES.detailsAbbLong),
  desc: optionalText(LEAGUE_DESC_MAX, LEAGUE_MESSAGES.descLong),
  logo: optionalUrl(LEAGUE_MESSAGES.detailsLogo),
  joinable: z.boolean(),
  hidden: z.boolean(),
  hiddenGames: z.array(HiddenGameSchema).default([]),
});
export type UpdateLeagueRequest = z.input<typeof UpdateLeagueRequestSchema>;

/** A league's public facts. invite_code is null unless the viewer is a member (or came with that code). */
export const LeagueInfoSchema = z.object({
  id: z.number(),
  name: z.string(),
  abb: z.string(),
  /** Never empty: defaults to "Welcome to {name}!". */
  desc: z.string(),
  /** Null means "use the product logo". */
  logo: z.string().nullable(),
  joinable: z.boolean(),
  hidden: z.boolean(),
  hiddenGames: z.array(z.string()),
  /** The founder's username (the COMMISH line). */
  founder: z.string().nullable(),
  admins: z.array(z.string()),
  created_at: z.string(),
  invite_code: z.string().nullable(),
  member_count: z.number(),
});
export type LeagueInfo = z.infer<typeof LeagueInfoSchema>;

export const UpdateLeagueResponseSchema = z.object({ league: LeagueInfoSchema });
export type UpdateLeagueResponse = z.infer<typeof UpdateLeagueResponseSchema>;

/** Pool status on lists: final (show champions), in_progress, or open (Open For Entry). */
export const PoolStatusSchema = z.enum(['final', 'in_progress', 'open']);
export type PoolStatus = z.infer<typeof PoolStatusSchema>;

/** One pool row, shared by All Pools and the league page. Money in cents. */
export const PoolRowSchema = z.object({
  id: z.number(),
  game: z.string(),
  game_name: z.string(),
  season: z.number(),
  season_type: z.string(),
  pool_idx: z.number(),
  /** Custom name, or the game name with " #n" (n = pool_idx+1) when the league has several pools of that season. */
  pool_name: z.string(),
  league_id: z.number(),
  league_name: z.string(),
  league_abb: z.string(),
  /** Link target: /{game}/{league_abb}/{season}/{season_type}/{pool_idx}. */
  path: z.string(),
  /** All Pools: in_progress once start passed. League page: once entry_deadline passed. */
  status: PoolStatusSchema,
  champions: z.array(z.string()),
  start: z.string(),
  entry_deadline: z.string(),
  /** Entries with status 1. */
  entries: z.number(),
  /** rebuys + 1. */
  lives: z.number(),
  rebuys: z.number(),
  buyin: z.number(),
  rebuy_price: z.number(),
  /** Active when the bonus pool is on and not disabled. */
  bonus_active: z.boolean(),
  /** 0 Not Offered, 1 most popular pick, 2 random pick. */
  insurance_option: z.number(),
  /** Insurance cost in cents. */
  insurance: z.number(),
  /** Private league, viewer not a member and league not joinable: show a lock and no link. */
  locked: z.boolean(),
  /** The viewer has an entry in this pool (the "my" scope). */
  has_entry: z.boolean(),
});
export type PoolRow = z.infer<typeof PoolRowSchema>;

/** GET /leagueRoutes/allPools?game=all|nba|mlb|nfl-td&scope=all|my. scope=my answers 401 to visitors. */
export const AllPoolsQuerySchema = z.object({
  game: z.enum(['all', 'nba', 'mlb', 'nfl-td', 'nfl', 'world-cup']).default('all'),
  scope: z.enum(['all', 'my']).default('all'),
});
export type AllPoolsQuery = z.input<typeof AllPoolsQuerySchema>;
/** Newest season first. Hidden leagues' pools only reach their members. */
export const AllPoolsResponseSchema = z.array(PoolRowSchema);
export type AllPoolsResponse = z.infer<typeof AllPoolsResponseSchema>;

/** One Find a League row. Hidden leagues only appear to their members. */
export const LeagueListRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  abb: z.string(),
  logo: z.string().nullable(),
  /** Founded instant (the league's created_at). */
  founded: z.string(),
  /** Founder's username. */
  commissioner: z.string().nullable(),
  members: z.number(),
  pools_hosted: z.number(),
  /** Membership column: true Public, false Private. */
  joinable: z.boolean(),
  /** Visibility column: true Hidden, false Public. */
  hidden: z.boolean(),
  is_member: z.boolean(),
  /** The viewer's join request status, null when none or logged out. */
  request_status: z.number().nullable(),
});
export type LeagueListRow = z.infer<typeof LeagueListRowSchema>;
/** GET /leagueRoutes/allLeagues: sorted by name. */
export const AllLeaguesResponseSchema = z.array(LeagueListRowSchema);
export type AllLeaguesResponse = z.infer<typeof AllLeaguesResponseSchema>;

/**
 * GET /leagueRoutes/fetchLeague/{a}/{b}:
 * - a = 'abb', b = the abbreviation (case-insensitive): /league/{abb}
 * - a = 'invite', b = the invite code: /invite/league/{code}
 * Answers FetchLeagueResponse; 404 {message: notFound} when nothing matches, or when a = 'invite' and the code is wrong.
 * A hidden league fetched by abb by a non-member (or a visitor) answers the gate view instead.
 */
export const FetchLeagueParamsSchema = z.object({
  a: z.enum(['abb', 'invite']),
  b: z.string().min(1).max(100),
});

/** A league member; real_name is null unless the viewer is a member (show "hidden"). Prizes in cents. */
export const LeagueMemberSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  photo_url: z.string().nullable(),
  tagline: z.string().nullable(),
  real_name: z.string().nullable(),
  /** Member since. */
  created_at: z.string(),
  admin: z.boolean(),
  prizes: z.number(),
});
export type LeagueMember = z.infer<typeof LeagueMemberSchema>;

/** A season that the league could activate but has not yet (from season params). */
export const AvailablePoolSchema = z.object({
  season_param_id: z.number(),
  game: z.string(),
  game_name: z.string(),
  season: z.number(),
  start: z.string(),
  end: z.string(),
  /** begins: "Begins {start}"; late_reg: "Open for Late Reg". */
  status: z.enum(['begins', 'late_reg']),
});
export type AvailablePool = z.infer<typeof AvailablePoolSchema>;

/**
 * The viewer's status in a pool (Your Status column):
 * na (non-member or visitor: "n/a"), final (final_rank + prizes), alive (lives), eliminated,
 * dnp (deadline passed without an entry), sign_up (SIGN UP! before the entry deadline).
 */
export const YourStatusSchema = z.object({
  kind: z.enum(['na', 'final', 'alive', 'eliminated', 'dnp', 'sign_up']),
  final_rank: z.number().nullable(),
  /** Cents. */
  prizes: z.number(),
  lives: z.number().nullable(),
});
export type YourStatus = z.infer<typeof YourStatusSchema>;

export const LeaguePoolRowSchema = PoolRowSchema.extend({ your_status: YourStatusSchema });
export type LeaguePoolRow = z.infer<typeof LeaguePoolRowSchema>;

export const TrophySchema = z.object({
  pool_id: z.number(),
  pool_name: z.string(),
  game: z.string(),
  season: z.number(),
  season_type: z.string(),
  path: z.string(),
  champions: z.array(z.string()),
});
export type Trophy = z.infer<typeof TrophySchema>;

export const ViewerSchema = z.object({
  loggedIn: z.boolean(),
  isMember: z.boolean(),
  isAdmin: z.boolean(),
  /** Null when no request. */
  requestStatus: z.number().nullable(),
  /** The member's own league settings; null for non-members. */
  settings: z.object({ email_new_pools: z.boolean() }).nullable(),
});
export type Viewer = z.infer<typeof ViewerSchema>;

/** How many members the league page carries with it (its Members card); the Members tab pages the rest. */
export const LEAGUE_PAGE_MEMBERS = 25;

/**
 * GET /leagueRoutes/members/{leagueId}?page=&pageSize=&q= (anyone who may see the league): one page of the
 * members, sorted by prizes won (descending) then by when they joined; q searches usernames (and real names, for
 * members). `mine` is the viewer's own member row wherever it falls (null for non-members); total counts
 * the members matching q, a search counting only up to LEAGUE_MEMBER_SEARCH_CAP + 1 (a total above the cap
 * reads "10,000+"). A page size above 100 answers 400.
 */
export const LEAGUE_MEMBER_SEARCH_CAP = 10_000;
export const LeagueMembersQuerySchema = pageQuerySchema(LEAGUE_PAGE_MEMBERS);
export type LeagueMembersQuery = z.input<typeof LeagueMembersQuerySchema>;
export const LeagueMembersPageSchema = PageInfoSchema.extend({
  members: z.array(LeagueMemberSchema),
  mine: LeagueMemberSchema.nullable(),
});
export type LeagueMembersPage = z.infer<typeof LeagueMembersPageSchema>;

/**
 * The full league page. `members` is the first page of the members sorted by prizes won, descending
 * (LEAGUE_PAGE_MEMBERS of them); `member_page` says how many there are; `my_member` is the viewer's own row.
 */
export const LeagueViewSchema = z.object({
  gate: z.literal(false),
  league: LeagueInfoSchema,
  members: z.array(LeagueMemberSchema),
  member_page: PageInfoSchema,
  my_member: LeagueMemberSchema.nullable(),
  /** {PUBLIC_URL}/invite/league/{invite_code}; null for non-members. */
  invite_url: z.string().nullable(),
  available_pools: z.array(AvailablePoolSchema),
  pools: z.array(LeaguePoolRowSchema),
  trophies: z.array(TrophySchema),
  viewer: ViewerSchema,
});
export type LeagueView = z.infer<typeof LeagueViewSchema>;

/**
 * A hidden league seen from outside: only enough for "This is a private league that you are not a member of."
 * and Request Access (league_id goes to requestAccess). Never members, pools or real names.
 */
export const LeagueGateSchema = z.object({
  gate: z.literal(true),
  league_id: z.number(),
  name: z.string(),
  abb: z.string(),
  commissioner: z.string().nullable(),
  loggedIn: z.boolean(),
  requestStatus: z.number().nullable(),
});
export type LeagueGate = z.infer<typeof LeagueGateSchema>;

export const FetchLeagueResponseSchema = z.discriminatedUnion('gate', [LeagueViewSchema, LeagueGateSchema]);
export type FetchLeagueResponse = z.infer<typeof FetchLeagueResponseSchema>;

/** POST /leagueRoutes/joinLeague: joinable leagues only, immediate. Extra spec fields are ignored. */
export const JoinLeagueRequestSchema = z.object({
  league_id: idSchema(LEAGUE_MESSAGES.notFound),
  source: z.enum(['home', 'blocked']).optional(),
});
export type JoinLeagueRequest = z.input<typeof JoinLeagueRequestSchema>;

/** Answer of joinLeague and acceptInvite: navigate to /league/{league_abb}. */
export const LeagueMemberResponseSchema = z.object({
  leagueMember: z.object({ league_id: z.number(), league_abb: z.string() }),
});
export type LeagueMemberResponse = z.infer<typeof LeagueMemberResponseSchema>;

/**
 * POST /leagueRoutes/requestAccess: creates a pending (2) request; a second request is refused with a message.
 * A hidden league must be named as its gate page was opened (abb or invite_code); by id alone it is not found.
 */
export const RequestAccessRequestSchema = z.object({
  league_id: idSchema(LEAGUE_MESSAGES.notFound),
  source: z.enum(['home', 'blocked']).optional(),
  abb: z.string().trim().min(1).max(100).optional(),
  invite_code: z.string().trim().min(1).max(100).optional(),
});
export type RequestAccessRequest = z.input<typeof RequestAccessRequestSchema>;

export const RequestAccessResponseSchema = z.object({
  request: z.object({ id: z.number(), league_id: z.number(), status: z.number() }),
  message: z.string(),
});
export type RequestAccessResponse = z.infer<typeof RequestAccessResponseSchema>;

/** POST /leagueRoutes/acceptInvite: invite_code (or code) required; league_id optional and must match. */
export const AcceptInviteRequestSchema = z
  .object({
    invite_code: z.string().trim().min(1).optional(),
    code: z.string().trim().min(1).optional(),
    league_id: idSchema(LEAGUE_MESSAGES.badInvite).optional(),
  })
  .refine((v) => Boolean(v.invite_code ?? v.code), { error: LEAGUE_MESSAGES.badInvite });
export type AcceptInviteRequest = z.input<typeof AcceptInviteRequestSchema>;

/** A join request as the commissioner sees it (Requests to Join tab). */
export const LeagueRequestRowSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  created_at: z.string(),
  status: z.number(),
});
export type LeagueRequestRow = z.infer<typeof LeagueRequestRowSchema>;
/**
 * GET /leagueRoutes/requests/{leagueId}?page=&pageSize=&q= (admins only): newest first, all statuses, paged;
 * q searches usernames and names. `pending` counts the open requests of the whole league.
 */
export const LeagueRequestsQuerySchema = pageQuerySchema();
export type LeagueRequestsQuery = z.input<typeof LeagueRequestsQuerySchema>;
export const LeagueRequestsResponseSchema = PageInfoSchema.extend({
  requests: z.array(LeagueRequestRowSchema),
  pending: z.number(),
});
export type LeagueRequestsResponse = z.infer<typeof LeagueRequestsResponseSchema>;

/**
 * POST /leagueRoutes/decideAccess (admins only): 1 approves (adds the member), 3 rejects, 2 reopens.
 * The request is named by request_id, or by the spec's application (a request row with its id);
 * league_name may be sent and is ignored. current_status (the status the admin saw) makes two admins
 * deciding at once safe: the first decision stands, the second answers 409 requestDecided.
 */
export const DecideAccessRequestSchema = z
  .object({
    request_id: idSchema(LEAGUE_MESSAGES.requestNotFound).optional(),
    application: z.object({ id: idSchema(LEAGUE_MESSAGES.requestNotFound) }).optional(),
    league_name: z.unknown().optional(),
    status: RequestStatusSchema,
    /** The status the admin saw; when the request has moved on since, the decision is refused (409). */
    current_status: z.number().int().optional(),
  })
  .refine((v) => v.request_id !== undefined || v.application !== undefined, {
    error: LEAGUE_MESSAGES.requestNotFound,
    path: ['request_id'],
  })
  .transform(({ request_id, application, status, current_status }) => ({
    request_id: (request_id ?? application?.id) as number,
    status,
    current_status,
  }));
export type DecideAccessRequest = z.input<typeof DecideAccessRequestSchema>;
export const DecideAccessResponseSchema = z.object({
  request: LeagueRequestRowSchema,
  league_abb: z.string(),
});
export type DecideAccessResponse = z.infer<typeof DecideAccessResponseSchema>;

/** POST /user/updateSettings (members only). userId may be sent but the session decides. */
export const UpdateLeagueSettingsRequestSchema = z.object({
  leagueId: idSchema(LEAGUE_MESSAGES.notFound),
  settings: z.object({ newPoolEmails: z.boolean() }),
  userId: z.unknown().optional(),
});
export type UpdateLeagueSettingsRequest = z.input<typeof UpdateLeagueSettingsRequestSchema>;
export const UpdateLeagueSettingsResponseSchema = z.object({ email_new_pools: z.boolean() });
export type UpdateLeagueSettingsResponse = z.infer<typeof UpdateLeagueSettingsResponseSchema>;

/** POST /leagueRoutes/inviteByEmail (members only): the server mails {PUBLIC_URL}/invite/league/{invite_code}. */
export const InviteByEmailRequestSchema = z.object({
  leagueId: idSchema(LEAGUE_MESSAGES.notFound),
  email: z
    .string({ error: LEAGUE_MESSAGES.invalidEmail })
    .trim()
    .pipe(z.email({ error: LEAGUE_MESSAGES.invalidEmail })),
});
export type InviteByEmailRequest = z.input<typeof InviteByEmailRequestSchema>;
/** message is INVITATION SENT!; a failed delivery answers 502 {message: ERROR SENDING INVITE}. */
export const InviteByEmailResponseSchema = z.object({ message: z.string() });

/** The most HTML a league e-mail may carry, in characters: letters are far shorter. */
export const EMAIL_HTML_MAX = 100_000;

/**
 * POST /admin/emailUsers: umbrella 'league' (umbrellaId = league id) or 'pool' (umbrellaId = pool id);
 * the league's admins only. html is sanitised on the server (b, strong, i, em, u, p, br, a, ul, ol, li).
 * authorEmail/authorName may be sent but the session decides.
 */
export const EmailUsersRequestSchema = z.object({
  subject: z
    .string({ error: LEAGUE_MESSAGES.emailSubject })
    .trim()
    .min(1, { error: LEAGUE_MESSAGES.emailSubject })
    .max(200),
  html: z
    .string({ error: LEAGUE_MESSAGES.emailBody })
    .max(EMAIL_HTML_MAX, { error: LEAGUE_MESSAGES.emailTooLong }),
  umbrella: z.enum(['league', 'pool']),
  umbrellaId: idSchema(LEAGUE_MESSAGES.notFound),
  authorEmail: z.unknown().optional(),
  authorName: z.unknown().optional(),
});
export type EmailUsersRequest = z.input<typeof EmailUsersRequestSchema>;
/** recipients: members (league) or entrants (pool); sent + failed = recipients. */
export const EmailUsersResponseSchema = z.object({
  recipients: z.number(),
  sent: z.number(),
  failed: z.number(),
  message: z.string(),
});
export type EmailUsersResponse = z.infer<typeof EmailUsersResponseSchema>;
