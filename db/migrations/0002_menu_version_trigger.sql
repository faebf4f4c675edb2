-- restaurants.updated_at is the version of the restaurant's menu and working hours: server processes cache a
-- built menu under (restaurant id, updated_at), so every write to menu_categories, menu_items, modifier_groups,
-- modifier_options or working_hours moves it forward, whoever writes (API, seed, factories, psql). It only ever
-- grows, by at least 1 µs per change (compare it as text: a JS Date drops the microseconds), so a version is
-- never reused for other content, whatever the clocks say.
CREATE FUNCTION restaurants_updated_at_grows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := greatest(NEW.updated_at, now(), OLD.updated_at + interval '1 microsecond');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER restaurants_updated_at_grows BEFORE UPDATE ON restaurants
  FOR EACH ROW EXECUTE FUNCTION restaurants_updated_at_grows();
--> statement-breakpoint
CREATE FUNCTION bump_restaurant_menu_version(restaurant integer) RETURNS void LANGUAGE sql AS $$
  UPDATE restaurants SET updated_at = now() WHERE id = restaurant;
$$;
--> statement-breakpoint
-- Tables that carry restaurant_id themselves.
CREATE FUNCTION menu_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_restaurant_menu_version(OLD.restaurant_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.restaurant_id IS DISTINCT FROM OLD.restaurant_id) THEN
    PERFORM bump_restaurant_menu_version(NEW.restaurant_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION modifier_group_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_restaurant_menu_version(i.restaurant_id) FROM menu_items i WHERE i.id = OLD.menu_item_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.menu_item_id IS DISTINCT FROM OLD.menu_item_id) THEN
    PERFORM bump_restaurant_menu_version(i.restaurant_id) FROM menu_items i WHERE i.id = NEW.menu_item_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION modifier_option_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_restaurant_menu_version(i.restaurant_id)
      FROM modifier_groups g JOIN menu_items i ON i.id = g.menu_item_id WHERE g.id = OLD.group_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.group_id IS DISTINCT FROM OLD.group_id) THEN
    PERFORM bump_restaurant_menu_version(i.restaurant_id)
      FROM modifier_groups g JOIN menu_items i ON i.id = g.menu_item_id WHERE g.id = NEW.group_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER menu_categories_menu_version AFTER INSERT OR UPDATE OR DELETE ON menu_categories
  FOR EACH ROW EXECUTE FUNCTION menu_row_changed();
--> statement-breakpoint
CREATE TRIGGER menu_items_menu_version AFTER INSERT OR UPDATE OR DELETE ON menu_items
  FOR EACH ROW EXECUTE FUNCTION menu_row_changed();
--> statement-breakpoint
CREATE TRIGGER working_hours_menu_version AFTER INSERT OR UPDATE OR DELETE ON working_hours
  FOR EACH ROW EXECUTE FUNCTION menu_row_changed();
--> statement-breakpoint
CREATE TRIGGER modifier_groups_menu_version AFTER INSERT OR UPDATE OR DELETE ON modifier_groups
  FOR EACH ROW EXECUTE FUNCTION modifier_group_changed();
--> statement-breakpoint
CREATE TRIGGER modifier_options_menu_version AFTER INSERT OR UPDATE OR DELETE ON modifier_options
  FOR EACH ROW EXECUTE FUNCTION modifier_option_changed();
