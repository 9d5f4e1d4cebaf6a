import { z } from 'zod';

/** What kind of pool data changed; a live client refreshes the pool area on any of them. */
export const LIVE_TOPICS = ['scores', 'results', 'standings', 'picks', 'feed', 'money'] as const;
export const LiveTopicSchema = z.enum(LIVE_TOPICS);
export type LiveTopic = z.infer<typeof LiveTopicSchema>;

/** The data of one `event: change` on GET /api/pools/{poolId}/live: the topic only, never the data. */
export const LiveChangeEventSchema = z.object({ topic: LiveTopicSchema });
export type LiveChangeEvent = z.infer<typeof LiveChangeEventSchema>;

/** Seconds between the stream's heartbeat comments (proxies close connections silent for a minute). */
export const LIVE_HEARTBEAT_SECONDS = 25;

export const LIVE_MESSAGES = {
  streamOnly: 'This address is a live event stream: open it as an EventSource (Accept: text/event-stream).',
  tooManyFromAddress:
    'Too many live pages are open from your address: close some pool pages; this one refreshes every 15 seconds meanwhile.',
  tooManyOnServer:
    'The server has as many live pages open as it can take: this page refreshes every 15 seconds meanwhile.',
} as const;
