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

/** A signed-in parent (under /api/veli only): reaches its own child and nothing else. */
export interface ParentCaller {
  level: 'veli';
  /** The child: the only student this caller reaches. */
  studentId: number;
  sessionId: number;
  studioId: number;
  schoolId: number;
  branchId: number;
  studentName: string;
  /** How the audit log names the actor (a parent has no account). */
  name: string;
}

/** Who signs in with a code rather than an account. */
export type PortalCaller = StudentCaller | ParentCaller;

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    student?: StudentCaller;
    parent?: ParentCaller;
  }
  interface FastifyContextConfig {
    /** Open without a session (login). */
    public?: boolean;
    /** Levels that may call this route; others get 403. Default: all. */
    levels?: readonly Level[];
  }
}
