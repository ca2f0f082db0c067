/**
 * The database schema (PostgreSQL dialect, shared by PGlite and a PostgreSQL server).
 * Migrations are generated from this file by drizzle-kit (`npm run db:generate`) into ./migrations
 * and applied at start. Never edit a generated migration; add a new one.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  type AnyPgColumn,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  index,
  bigint,
} from 'drizzle-orm/pg-core';
import { AUTO_ADVANCE_DEFAULT, type AutoAdvance } from '../../../machines/game/autopilot.js';
import type { components } from '../../../openapi/admin-api.js';

type StageMessage = components['schemas']['StageMessage'];

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A tenant: the `Cid` header names one. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The base of every address shown to the audience (join link, QR); null = the server's PUBLIC_URL. */
  publicUrl: text('public_url'),
  /** IANA time zone of the times the company exports (results, audit trail). */
  timeZone: text('time_zone').notNull().default('Asia/Taipei'),
  createdAt: createdAt(),
});

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** 1 enabled, 0 disabled */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('admins_username_unique').on(sql`lower(${t.username})`)],
);

/** Which companies an admin may act for (super admins: any). */
export const adminCompanies = pgTable(
  'admin_companies',
  {
    adminId: integer('admin_id').notNull().references(() => admins.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.companyId] })],
);

/**
 * The permission tree: menus (type nav, with path and component key) and the buttons/API rights under
 * them (type button). `identifier` is what the contract's x-permission names.
 */
export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    parentId: integer('parent_id'),
    /** an i18n key, e.g. menu.triviaGame */
    title: text('title').notNull(),
    icon: text('icon').notNull().default(''),
    path: text('path').notNull().default(''),
    component: text('component').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    /** the menu path to highlight while this (hidden) route is open */
    activeMenu: text('active_menu').notNull().default(''),
    type: text('type', { enum: ['nav', 'button'] }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('permissions_identifier_unique').on(t.identifier), index('permissions_parent_idx').on(t.parentId)],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    title: text('title').notNull(),
    /** a super role holds every permission, present and future */
    isSuper: boolean('is_super').notNull().default(false),
  },
  (t) => [uniqueIndex('roles_identifier_unique').on(t.identifier)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const adminRoles = pgTable(
  'admin_roles',
  {
    adminId: integer('admin_id').notNull().references(() => admins.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.roleId] })],
);

export const adminPermissions = pgTable(
  'admin_permissions',
  {
    adminId: integer('admin_id').notNull().references(() => admins.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.permissionId] })],
);

/** Server-wide settings that must survive restarts (e.g. the generated token-signing secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A login: lives at most 30 days. Revoked by logout, by a refresh-token reuse, or by someone else
 * (password changed, admin disabled or deleted): the reason decides between NEED_LOGIN and 430.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: text('id').primaryKey(),
    adminId: integer('admin_id').notNull().references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason', { enum: ['logout', 'reuse', 'password', 'disabled', 'deleted', 'admin'] }),
  },
  (t) => [index('admin_sessions_admin_idx').on(t.adminId)],
);

/**
 * Each access token issued, by its jti. A token refreshes once: the successor is kept for a few
 * seconds so concurrent refreshes (two tabs) get the same one; a later reuse revokes the session.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    jti: text('jti').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => adminSessions.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }),
    successorToken: text('successor_token'),
  },
  (t) => [index('access_tokens_session_idx').on(t.sessionId)],
);

// ------------------------------------------------------------------ trivia games and questions

/** A slider question's scale and answer (the contract's SliderSettings). */
export interface StoredSlider {
  min: number;
  max: number;
  step: number;
  answer: number;
  tolerance: number;
  unit: string;
}

/** One option of a question as stored (and sent): title A-D, text and image path, either may be empty. */
export interface StoredQuestionOption {
  title: 'A' | 'B' | 'C' | 'D';
  text: string;
  img: string;
}

/**
 * A trivia game of a company. type 1 = speed contest, 2 = correctness contest with levels and an open
 * time range. status 1 = enabled, 0 = closed. The six-digit `pin` players join with is unique among
 * enabled games only (a closed game's PIN may be reused). The live-game columns (current question,
 * ended_at, player cap) are written by the game flow.
 */
export const triviaGames = pgTable(
  'trivia_games',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: smallint('type').notNull(),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    status: smallint('status').notNull().default(1),
    pin: text('pin').notNull(),
    currentQuestionId: integer('current_question_id').references((): AnyPgColumn => questions.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    playerCap: integer('player_cap').notNull().default(10000),
    /** Players who joined; raised by the join itself (`… where player_count < player_cap`), so the cap holds under a burst. */
    playerCount: integer('player_count').notNull().default(0),
    /**
     * Simulated players of a rehearsal run by the server (features/rehearsal): 0 when none. While it is
     * above 0 every player of the game is a bot and a real player's join is refused; the rehearsal's
     * end deletes them with their answers (live/reset.ts).
     */
    rehearsalPlayers: integer('rehearsal_players').notNull().default(0),
    /** The autopilot's settings (machines/game/autopilot.ts); off until an operator switches it on. */
    autoAdvance: jsonb('auto_advance').$type<AutoAdvance>().notNull().default(AUTO_ADVANCE_DEFAULT),
    /** When the last game-flow step was taken (the autopilot's clock starts there); null before the first. */
    lastStepAt: timestamp('last_step_at', { withTimezone: true, mode: 'date' }),
    /** When the autopilot was paused; null while it runs (or is off). */
    autopilotPausedAt: timestamp('autopilot_paused_at', { withTimezone: true, mode: 'date' }),
    /** Time the autopilot was paused since the last step, pauses already resumed (ms): added to its clock. */
    autopilotPausedMs: integer('autopilot_paused_ms').notNull().default(0),
    /** The title card on the display and the phones now (/triviaGame/stageMessage); null when none. */
    stageMessage: jsonb('stage_message').$type<StageMessage>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trivia_games_company_idx').on(t.companyId),
    uniqueIndex('trivia_games_active_pin_unique').on(t.pin).where(sql`status = 1`),
  ],
);

/** The levels of a type 2 game, numbered 1..n; every level but the last has a promotion score. */
export const triviaGameLevels = pgTable(
  'trivia_game_levels',
  {
    id: serial('id').primaryKey(),
    triviaGameId: integer('trivia_game_id')
      .notNull()
      .references(() => triviaGames.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    promotionScore: integer('promotion_score'),
  },
  (t) => [uniqueIndex('trivia_game_levels_game_level_unique').on(t.triviaGameId, t.level)],
);

/**
 * A question of a game (its company is the game's). status 0 not sent, 1 shown, 2/3 answer published.
 * level_id is null when none (the API says 0); a level with questions cannot be removed.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    triviaGameId: integer('trivia_game_id')
      .notNull()
      .references(() => triviaGames.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    title: text('title').notNull(),
    questionText: text('question_text').notNull().default(''),
    questionImg: text('question_img').notNull().default(''),
    preVideoUrl: text('pre_video_url').notNull().default(''),
    levelId: integer('level_id').references(() => triviaGameLevels.id),
    haveAnsweringTime: smallint('have_answering_time').notNull().default(1),
    answeringTime: integer('answering_time').notNull().default(1),
    score: integer('score').notNull().default(0),
    questionType: smallint('question_type').notNull().default(1),
    isBonus: smallint('is_bonus').notNull().default(0),
    options: jsonb('options').$type<StoredQuestionOption[]>().notNull(),
    answer: jsonb('answer').$type<Array<StoredQuestionOption['title']>>().notNull(),
    /** A type answer's (5) accepted answers; empty for the other kinds. */
    acceptedAnswers: jsonb('accepted_answers').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** 1 = a type answer is compared without its punctuation. */
    ignorePunctuation: smallint('ignore_punctuation').notNull().default(0),
    /** A slider's (6) scale and answer; null for the other kinds. */
    slider: jsonb('slider').$type<StoredSlider>(),
    /** Sanitized rich text shown once the answer is published; empty when none. */
    explanation: text('explanation').notNull().default(''),
    /** Speaker notes for the operator's presenter view; never sent to the phones or the display. */
    notes: text('notes').notNull().default(''),
    status: smallint('status').notNull().default(0),
    shownAt: timestamp('shown_at', { withTimezone: true, mode: 'date' }),
    answerPublishedAt: timestamp('answer_published_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_game_sort_idx').on(t.triviaGameId, t.sort),
    index('questions_level_idx').on(t.levelId),
    // At most one question of a game on screen, whatever two operators do at once.
    uniqueIndex('questions_one_live_per_game').on(t.triviaGameId).where(sql`status = 1`),
  ],
);

// ------------------------------------------------------------------ the live game

/**
 * A player of a live game (their company is the game's). The nickname is unique in the game whatever
 * its case and whatever look-alike characters it is written with (`nickname_key`); the token that
 * identifies the phone is stored as a SHA-256 hash only. `join_order` is 1, 2, 3 … in the game (the
 * player count at the moment of joining) and breaks ranking ties.
 * `rank_position` / `ranking_id`: the player's place in the game's last published ranking.
 */
export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    triviaGameId: integer('trivia_game_id')
      .notNull()
      .references(() => triviaGames.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    /**
     * The nickname's look-alike key (src/domain/nickname-key.ts: "Вob" and "Bob" have one), unique in
     * the game beside the lower-cased name. Every join writes it; null only for a row written past
     * the join (a test's fixture). Players stored before it hold their lower-cased name (migration 0015).
     */
    nicknameKey: text('nickname_key'),
    tokenHash: text('token_hash').notNull(),
    joinOrder: integer('join_order').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    rankingId: integer('ranking_id'),
    rankPosition: integer('rank_position'),
    /** The device id the player page keeps in local storage and sends at join (fair-play flags); null when none was sent. */
    deviceId: text('device_id'),
    /** The address the join came from (the server's view of the client: behind a proxy, as trustProxy says). */
    address: text('address'),
    /** Set while the player is disqualified (left out of every ranking), with the operator's reason and who did it. */
    disqualifiedAt: timestamp('disqualified_at', { withTimezone: true, mode: 'date' }),
    disqualifyReason: text('disqualify_reason'),
    disqualifiedBy: integer('disqualified_by'),
  },
  (t) => [
    uniqueIndex('players_game_nickname_unique').on(t.triviaGameId, sql`lower(${t.nickname})`),
    uniqueIndex('players_game_nickname_key_unique').on(t.triviaGameId, t.nicknameKey),
    uniqueIndex('players_game_join_order_unique').on(t.triviaGameId, t.joinOrder),
    uniqueIndex('players_token_hash_unique').on(t.tokenHash),
  ],
);

/**
 * One answer of a player to a question: at most one (the unique key is the guard against doubles).
 * `received_at` is the server's receipt time, `elapsed_ms` its distance from `shown_at`; `correct`
 * and `points` stay null until the answer is published, which scores every answer of the question
 * in the same transaction. `trivia_game_id` is the question's, for the game-wide ranking query.
 *
 * Only the question is a foreign key (its deletion, and its game's, deletes the answers). The player
 * and the game are not: an answer is stored only after its game was read and its question
 * share-locked in the same transaction, and players are deleted only with their game, whose questions
 * take its answers with them, or by a reset (/triviaGame/reset), which deletes the game's answers in the
 * same transaction and returns its questions to not sent (the row locks order it after any answer in
 * flight; an answer arriving after it finds its question not shown, and one to the next question
 * shown finds no player: the insert stores an answer only if its player's row exists, live/sql/answers.ts).
 * A foreign key checks and locks its row for every answer inserted; the
 * two took a fifth to two fifths of the database's time in a 10,000-answer burst (bench:answers).
 */
export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    // No foreign key on the player or the game: see above.
    playerId: integer('player_id').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    triviaGameId: integer('trivia_game_id').notNull(),
    /** The chosen options (kinds 1–4, 7: in the chosen order for 7); empty for a typed or slider answer. */
    choices: jsonb('choices').$type<string[]>().notNull(),
    /** A type answer's text as typed (5); null for the other kinds. */
    text: text('text'),
    /** A slider's value (6); null for the other kinds. */
    value: doublePrecision('value'),
    correct: boolean('correct'),
    elapsedMs: integer('elapsed_ms').notNull(),
    points: integer('points'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('answers_player_question_unique').on(t.playerId, t.questionId),
    index('answers_question_idx').on(t.questionId),
    index('answers_game_idx').on(t.triviaGameId),
  ],
);

/** One row of a published ranking (the contract's RankItem). */
export interface StoredRankEntry {
  rank: number;
  player_id: number;
  nickname: string;
  score: number;
  level: number;
  elapsed_ms: number;
}

export interface LevelCount {
  level: number;
  players: number;
}

/** A ranking as it was published (game flow step 4): the whole list, after a question, at a time. */
export const rankings = pgTable(
  'rankings',
  {
    id: serial('id').primaryKey(),
    triviaGameId: integer('trivia_game_id')
      .notNull()
      .references(() => triviaGames.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'set null' }),
    total: integer('total').notNull(),
    entries: jsonb('entries').$type<StoredRankEntry[]>().notNull(),
    /** How many ranked players reached each level (type 2), so a screen needs no 10,000 entries. */
    levelCounts: jsonb('level_counts').$type<LevelCount[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('rankings_game_idx').on(t.triviaGameId, t.id)],
);

/**
 * Single-use codes that open the quiz display (no long-lived token ever travels in a URL): valid
 * 60 s, stored hashed, spent by the exchange that turns them into a display session token.
 */
export const displayCodes = pgTable('display_codes', {
  codeHash: text('code_hash').primaryKey(),
  triviaGameId: integer('trivia_game_id')
    .notNull()
    .references(() => triviaGames.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/**
 * A quiz display on a venue computer: created pending (a short pairing code shown on the screen, the
 * display polling with its secret) or paired at once (the control screen's single-use code). Pairing
 * binds it to a game; its secret (stored hashed) is then its display token until it is unpaired.
 */
export const displaySessions = pgTable(
  'display_sessions',
  {
    id: serial('id').primaryKey(),
    secretHash: text('secret_hash').notNull().unique(),
    /** Shown on the display while pending; null once paired. */
    pairingCode: text('pairing_code'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    triviaGameId: integer('trivia_game_id').references(() => triviaGames.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    pairedBy: integer('paired_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    pairedAt: timestamp('paired_at', { withTimezone: true, mode: 'date' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('display_sessions_pending_code').on(table.pairingCode).where(sql`${table.pairingCode} is not null`),
    index('display_sessions_game').on(table.triviaGameId),
  ],
);

/**
 * The control screens open on a game (features/live/control/lease.ts): one row per screen (a tab's control
 * screen, named by the id it made up), present while its WebSocket listens to the game. Exactly one
 * screen of a game holds control (`holds`: the control lease, one per game by the partial unique
 * index) and at most one asks for it (`requested_at`). A holder whose connection is lost keeps the
 * lease for a few seconds (`gone_at`) so that a reconnect resumes it; rows of watchers that left are deleted.
 */
export const controlScreens = pgTable(
  'control_screens',
  {
    screenId: text('screen_id').primaryKey(),
    triviaGameId: integer('trivia_game_id')
      .notNull()
      .references(() => triviaGames.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** The subscription that keeps the screen present (one per socket, so a late close of an old socket changes nothing); null while gone. */
    connection: text('connection'),
    /** The server instance holding that subscription (server_instances): its heartbeat stopping makes the screen gone. */
    instanceId: text('instance_id'),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When its connection was lost (null while connected). */
    goneAt: timestamp('gone_at', { withTimezone: true, mode: 'date' }),
    holds: boolean('holds').notNull().default(false),
    heldSince: timestamp('held_since', { withTimezone: true, mode: 'date' }),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('control_screens_game').on(t.triviaGameId),
    uniqueIndex('control_screens_one_holder').on(t.triviaGameId).where(sql`holds`),
    uniqueIndex('control_screens_one_request').on(t.triviaGameId).where(sql`requested_at is not null`),
  ],
);

/**
 * The server instances (processes) running on this database, each with its heartbeat
 * (features/live/instances.ts): a control screen present through an instance whose heartbeat stopped
 * (the process crashed or was killed) counts as gone, so control passes on by timeout from another instance.
 */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** In-app notifications: one row per recipient, company-scoped; the message is sanitized HTML. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id').notNull().references(() => admins.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => admins.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    plainText: text('plain_text').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_created_idx').on(t.recipientId, t.companyId, t.createdAt),
    index('notifications_recipient_unread_idx').on(t.recipientId, t.companyId).where(sql`${t.readAt} is null`),
  ],
);

// ------------------------------------------------------------------ the company file store

/**
 * A company's file tree (features/file): one row per directory and per file, keyed by its path inside
 * the company's root (NFC, `/`-separated, src/domain/file-names.ts). The bytes of a file live in the
 * blob store (local disk or S3) under `storage_key`, a name the server makes up: so a 1,023-byte name
 * fits any disk and any S3 key, a replaced file is swapped in one transaction, and "already present"
 * is the unique index, across instances.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** The directory holding it: '' = the root. */
    parent: text('parent').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['file', 'directory'] }).notNull(),
    /** Bytes; 0 for a directory. */
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    mime: text('mime'),
    /** The blob's key in the store; null for a directory. */
    storageKey: text('storage_key'),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('files_company_path_unique').on(t.companyId, t.path), index('files_company_parent_idx').on(t.companyId, t.parent)],
);

/**
 * One upload at a time per admin (the product's rule): a row while an upload streams, its `beat` renewed as
 * bytes arrive; a row whose beat is older than a couple of minutes belongs to a dead upload.
 */
export const fileUploads = pgTable('file_uploads', {
  adminId: integer('admin_id').primaryKey().references(() => admins.id, { onDelete: 'cascade' }),
  beat: timestamp('beat', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Pages of a company's public website whose HTML admins edit (the privacy page). */
export const websitePages = pgTable(
  'website_pages',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    content: text('content').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

/** Per admin and menu: keep the page alive or not (no_cache) and pin its tag (affix). */
export const adminNavSettings = pgTable(
  'admin_nav_settings',
  {
    adminId: integer('admin_id').notNull().references(() => admins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    noCache: boolean('no_cache').notNull().default(false),
    affix: boolean('affix').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.name] })],
);

// ------------------------------------------------------------------ the audit trail

/**
 * One entry of the audit trail: a write operation of the admin API, a login, a failed login or a
 * logout. Written before the change runs (outcome `pending`) and finished after it answers, so a
 * committed change never lacks its entry, even if the process dies in between. No foreign keys: an
 * entry outlives the admin, company or object it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    createdAt: createdAt(),
    adminId: integer('admin_id'),
    username: text('username').notNull().default(''),
    companyId: integer('company_id'),
    operation: text('operation').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id'),
    summary: text('summary').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    outcome: text('outcome', { enum: ['pending', 'success', 'refused', 'failed'] }).notNull(),
    code: integer('code'),
  },
  (t) => [index('audit_log_company_created_idx').on(t.companyId, t.createdAt), index('audit_log_admin_idx').on(t.adminId)],
);
