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

/** A signed-in student (under /api/student only): itself, its branch, school and studio. */
export interface StudentCaller {
  level: 'student';
  studentId: number;
  sessionId: number;
  studioId: number;
  schoolId: number;
  branchId: number;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    student?: StudentCaller;
  }
  interface FastifyContextConfig {
    /** Open without a session (login). */
    public?: boolean;
    /** Levels that may call this route; others get 403. Default: all. */
    levels?: readonly Level[];
  }
}
