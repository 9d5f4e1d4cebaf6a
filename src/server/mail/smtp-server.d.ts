// The smtp-server package ships no types; tests only use this small part of it.
declare module 'smtp-server' {
  import type { Server } from 'node:net';
  import type { Readable } from 'node:stream';

  export interface SMTPServerSession {
    envelope: { mailFrom: { address: string } | false; rcptTo: { address: string }[] };
  }

  export interface SMTPServerOptions {
    authOptional?: boolean;
    disabledCommands?: string[];
    logger?: boolean;
    onData?(stream: Readable, session: SMTPServerSession, callback: (error?: Error | null) => void): void;
  }

  export class SMTPServer {
    constructor(options: SMTPServerOptions);
    server: Server;
    listen(port: number, host: string, callback?: () => void): void;
    close(callback?: () => void): void;
  }
}
