-- The read cache's invalidation (issue 22; src/server/features/read-cache): every change of a table a
-- cached list or detail reads from tells every server instance, by NOTIFY on the event bus's channel
-- (lt_events), which table changed for which company, delivered at commit. Statement-level triggers:
-- one notification per statement and company (a batch of 500 answers sends one), whoever wrote —
-- this server, another instance, or SQL typed by hand. A null company means "every company" (a row
-- whose game is already gone, or a table that belongs to no company).
CREATE FUNCTION "lt_cache_invalidate"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company integer;
BEGIN
  IF TG_ARGV[0] = 'global' THEN
    PERFORM pg_notify('lt_events', json_build_object('topic', 'cache', 'type', 'cache.invalidate', 'data', json_build_object('table', TG_TABLE_NAME, 'company', NULL))::text);
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'company' THEN
    IF TG_OP = 'UPDATE' THEN
      FOR company IN SELECT DISTINCT company_id FROM (SELECT company_id FROM new_rows UNION ALL SELECT company_id FROM old_rows) AS changed LOOP
        PERFORM pg_notify('lt_events', json_build_object('topic', 'cache', 'type', 'cache.invalidate', 'data', json_build_object('table', TG_TABLE_NAME, 'company', company))::text);
      END LOOP;
    ELSIF TG_OP = 'INSERT' THEN
      FOR company IN SELECT DISTINCT company_id FROM new_rows LOOP
        PERFORM pg_notify('lt_events', json_build_object('topic', 'cache', 'type', 'cache.invalidate', 'data', json_build_object('table', TG_TABLE_NAME, 'company', company))::text);
      END LOOP;
    ELSE
      FOR company IN SELECT DISTINCT company_id FROM old_rows LOOP
        PERFORM pg_notify('lt_events', json_build_object('topic', 'cache', 'type', 'cache.invalidate', 'data', json_build_object('table', TG_TABLE_NAME, 'company', company))::text);
      END LOOP;
    END IF;
    RETURN NULL;
  END IF;
  -- 'game': the rows carry trivia_game_id; the company is the game's (null when the game is gone).
  IF TG_OP = 'UPDATE' THEN
    FOR company IN SELECT DISTINCT g.company_id FROM (SELECT DISTINCT trivia_game_id FROM (SELECT trivia_game_id FROM new_rows UNION ALL SELECT trivia_game_id FROM old_rows) AS c) AS changed LEFT JOIN trivia_games AS g ON g.id = changed.trivia_game_id LOOP
      PERFORM pg_notify('lt_events', json_build_object('topic', 'cache', 'type', 'cache.invalidate', 'data', json_build_object('table', TG_TABLE_NAME, 'company', company))::text);
    END LOOP;
  ELSIF TG_OP = 'INSERT' THEN
    FOR company IN SELECT DISTINCT g.company_id FROM (SELECT DISTINCT trivia_game_id FROM new_rows) AS changed LEFT JOIN trivia_games AS g ON g.id = changed.trivia_game_id LOOP
      PERFORM pg_notify('lt_events', json_build_object('topic', 'cache', 'type', 'cache.invalidate', 'data', json_build_object('table', TG_TABLE_NAME, 'company', company))::text);
    END LOOP;
  ELSE
    FOR company IN SELECT DISTINCT g.company_id FROM (SELECT DISTINCT trivia_game_id FROM old_rows) AS changed LEFT JOIN trivia_games AS g ON g.id = changed.trivia_game_id LOOP
      PERFORM pg_notify('lt_events', json_build_object('topic', 'cache', 'type', 'cache.invalidate', 'data', json_build_object('table', TG_TABLE_NAME, 'company', company))::text);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "trivia_games_cache_insert" AFTER INSERT ON "trivia_games" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('company');
--> statement-breakpoint
CREATE TRIGGER "trivia_games_cache_update" AFTER UPDATE ON "trivia_games" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('company');
--> statement-breakpoint
CREATE TRIGGER "trivia_games_cache_delete" AFTER DELETE ON "trivia_games" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('company');
--> statement-breakpoint
CREATE TRIGGER "trivia_game_levels_cache_insert" AFTER INSERT ON "trivia_game_levels" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('game');
--> statement-breakpoint
CREATE TRIGGER "trivia_game_levels_cache_update" AFTER UPDATE ON "trivia_game_levels" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('game');
--> statement-breakpoint
CREATE TRIGGER "trivia_game_levels_cache_delete" AFTER DELETE ON "trivia_game_levels" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('game');
--> statement-breakpoint
CREATE TRIGGER "questions_cache_insert" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('game');
--> statement-breakpoint
CREATE TRIGGER "questions_cache_update" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('game');
--> statement-breakpoint
CREATE TRIGGER "questions_cache_delete" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('game');
--> statement-breakpoint
CREATE TRIGGER "answers_cache_insert" AFTER INSERT ON "answers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('game');
--> statement-breakpoint
CREATE TRIGGER "answers_cache_update" AFTER UPDATE ON "answers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('game');
--> statement-breakpoint
CREATE TRIGGER "answers_cache_delete" AFTER DELETE ON "answers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('game');
--> statement-breakpoint
CREATE TRIGGER "notifications_cache_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('company');
--> statement-breakpoint
CREATE TRIGGER "notifications_cache_update" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('company');
--> statement-breakpoint
CREATE TRIGGER "notifications_cache_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('company');
--> statement-breakpoint
CREATE TRIGGER "companies_cache_insert" AFTER INSERT ON "companies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('global');
--> statement-breakpoint
CREATE TRIGGER "companies_cache_update" AFTER UPDATE ON "companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('global');
--> statement-breakpoint
CREATE TRIGGER "companies_cache_delete" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('global');
--> statement-breakpoint
CREATE TRIGGER "admins_cache_insert" AFTER INSERT ON "admins" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('global');
--> statement-breakpoint
CREATE TRIGGER "admins_cache_update" AFTER UPDATE ON "admins" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('global');
--> statement-breakpoint
CREATE TRIGGER "admins_cache_delete" AFTER DELETE ON "admins" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('global');
--> statement-breakpoint
CREATE TRIGGER "admin_nav_settings_cache_insert" AFTER INSERT ON "admin_nav_settings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('global');
--> statement-breakpoint
CREATE TRIGGER "admin_nav_settings_cache_update" AFTER UPDATE ON "admin_nav_settings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('global');
--> statement-breakpoint
CREATE TRIGGER "admin_nav_settings_cache_delete" AFTER DELETE ON "admin_nav_settings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lt_cache_invalidate"('global');
