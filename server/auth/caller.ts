import type { Level } from '../../common/levels';

/** Who is calling: the signed-in account and the scope its level gives it. */
export interface Caller {
  userId: number;
  sessionId: number;
  studioId: number;
  level: Level;
  schoolId: number | null;
  branchId: number | null;
  name: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyContextConfig {
    /** Open without a session (login). */
    public?: boolean;
    /** Levels that may call this route; others get 403. Default: all. */
    levels?: readonly Level[];
  }
}
