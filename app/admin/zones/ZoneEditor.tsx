import type { InferResponseType } from 'hono/client';
import { notifyFailed } from '#app/admin/forms/notify-failed.ts';
import { useEffect, useState } from 'react';
import { m } from '#i18n/paraglide/messages.js';
import type { UiLocale } from '#i18n/messages.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { api } from '#app/api-client.ts';
import { Notice } from '#app/ui/notice.tsx';
import { TextArea, TextInput } from '#app/ui/field.tsx';
import { notifyError, notifySuccess } from '#app/stores/notifications.ts';
import { adminPath } from '#domain/admin-routes.ts';
import { currencyOf, formatMoney } from '#domain/money.ts';
import { answerOf } from '../forms/api-answer.ts';
import { ZoneMap } from './ZoneMap.tsx';
import {
  addVertex,
  editedZone,
  moveVertex,
  newZone,
  nextVertex,
  parseMoney,
  removeVertex,
  zoneProblems,
  zonesBody,
  type EditedZone,
  type Vertex,
} from './zone-editor.ts';
import './zone-editor.css';

const endpoint = api.admin.restaurants[':id'].zones;
type Loaded = InferResponseType<(typeof endpoint)['$get'], 200>;

/** The sentence for a problem of a zone's field, as zoneProblems or the API names it. */
function problemText(rule: string | undefined, t: ReturnType<typeof inLocale>): string | undefined {
  if (!rule) return undefined;
  if (rule === 'areaMissing') return m.zone_problem_areaMissing({}, t);
  if (rule === 'tooFewVertices') return m.zone_problem_tooFewVertices({}, t);
  return m.zone_problem_invalid({}, t);
}

/**
 * A restaurant's delivery zones (issue 38, decision 061): a list of zones, a map to draw the chosen one's outline on,
 * and the same outline as a list of corners with latitude and longitude boxes, for the keyboard and screen readers
 * and for corners known by their coordinates. Each zone has its delivery fee, minimum order and postcodes. Saved as
 * a whole list (PUT /api/admin/restaurants/{id}/zones).
 */
export default function ZoneEditor({ locale, id }: { locale: UiLocale; id: string }) {
  const t = inLocale(locale);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [missing, setMissing] = useState(false);
  const [zones, setZones] = useState<EditedZone[]>([]);
  const [selected, setSelected] = useState(0);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void answerOf(endpoint.$get({ param: { id } }), (body) => body).then((answer) => {
      if (!answer.ok) return setMissing(true);
      setLoaded(answer.data);
      setZones(answer.data.zones.map(editedZone));
    });
  }, [id]);

  if (missing) return <Notice tone="error">{m.admin_forms_notFound({}, t)}</Notice>;
  if (!loaded) return <Notice tone="news">{m.admin_forms_loading({}, t)}</Notice>;

  const { restaurant } = loaded;
  const currency = currencyOf(restaurant.country);
  const kitchen: Vertex = { lat: restaurant.latitude, lng: restaurant.longitude };
  const zone = zones[selected];
  const nameOf = (z: EditedZone, index: number) => z.name.trim() || m.zone_unnamed({ n: index + 1 }, t);
  const priceOf = (text: string) => {
    const minor = parseMoney(text);
    return Number.isFinite(minor) ? formatMoney(minor, currency, locale) : '–';
  };

  const change = (update: (zone: EditedZone) => EditedZone) =>
    setZones((all) => all.map((z, index) => (index === selected ? update(z) : z)));
  const problem = (field: string) => problemText(problems[`zones.${selected}.${field}`], t);

  async function save() {
    const found = zoneProblems(zones);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      setSelected(Number(first.split('.')[1]));
      notifyError(m.admin_forms_failed({}, t));
      return;
    }
    setSaving(true);
    const answer = await answerOf(endpoint.$put({ param: { id }, json: zonesBody(zones) }), (body) => body);
    setSaving(false);
    if (!answer.ok) {
      setProblems(Object.fromEntries(Object.entries(answer.details).map(([field, rule]) => [field, String(rule)])));
      notifyFailed(answer.key, locale);
      return;
    }
    notifySuccess(m.zone_saved({}, t));
  }

  return (
    <div className="zone-editor">
      <p>
        <a href={adminPath(locale, { screen: 'show', entity: 'restaurants', id })}>
          {m.zone_back({ name: restaurant.name }, t)}
        </a>
      </p>
      <div className="zone-layout">
        <section className="zone-list" aria-labelledby="zone-list-title">
          <h2 id="zone-list-title">{m.zone_list({}, t)}</h2>
          {zones.length === 0 && <p>{m.zone_none({}, t)}</p>}
          <ul>
            {zones.map((z, index) => (
              <li key={z.key}>
                <button
                  type="button"
                  className="zone-choice"
                  aria-pressed={index === selected}
                  onClick={() => setSelected(index)}
                >
                  <strong>{nameOf(z, index)}</strong>
                  <span>{m.zone_terms({ fee: priceOf(z.fee), minimum: priceOf(z.minimum) }, t)}</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button admin-secondary"
            onClick={() => {
              setZones((all) => [...all, newZone(restaurant.deliveryValue, restaurant.minBasketValue)]);
              setSelected(zones.length);
            }}
          >
            {m.zone_add({}, t)}
          </button>
        </section>
        <div className="zone-map-box">
          <ZoneMap
            zones={zones}
            selected={selected}
            kitchen={kitchen}
            tiles={loaded.tiles}
            label={m.zone_map({ name: zone ? nameOf(zone, selected) : '' }, t)}
            kitchenLabel={m.zone_kitchen({}, t)}
            onAdd={(at) => zone && change((z) => addVertex(z, at))}
            onMove={(vertex, to) => change((z) => moveVertex(z, vertex, to))}
          />
          <p className="admin-hint" id="zone-map-hint">
            {m.zone_mapHint({}, t)} {loaded.tiles ? '' : m.zone_offline({}, t)}
          </p>
        </div>
      </div>
      {zone && (
        <fieldset className="admin-section zone-fields" key={zone.key}>
          <legend>{nameOf(zone, selected)}</legend>
          <TextInput
            look="admin"
            id="zone-name"
            label={m.zone_name({}, t)}
            value={zone.name}
            maxLength={100}
            onChange={(event) => change((z) => ({ ...z, name: event.target.value }))}
          />
          <TextInput
            look="admin"
            id="zone-fee"
            label={m.zone_fee({}, t)}
            hint={m.admin_forms_moneyHint({}, t)}
            error={problem('deliveryValue')}
            inputMode="decimal"
            value={zone.fee}
            required
            onChange={(event) => change((z) => ({ ...z, fee: event.target.value }))}
          />
          <TextInput
            look="admin"
            id="zone-minimum"
            label={m.zone_minimum({}, t)}
            hint={m.admin_forms_moneyHint({}, t)}
            error={problem('minBasketValue')}
            inputMode="decimal"
            value={zone.minimum}
            required
            onChange={(event) => change((z) => ({ ...z, minimum: event.target.value }))}
          />
          <TextArea
            look="admin"
            id="zone-zips"
            label={m.zone_zips({}, t)}
            hint={m.zone_zipsHint({}, t)}
            error={problem('zips')}
            rows={3}
            value={zone.zips}
            onChange={(event) => change((z) => ({ ...z, zips: event.target.value }))}
          />
          <fieldset className="zone-vertices" aria-describedby={problem('polygon') ? 'zone-polygon-error' : undefined}>
            <legend>{m.zone_vertices({}, t)}</legend>
            {problem('polygon') && (
              <p className="admin-error" id="zone-polygon-error">
                {problem('polygon')}
              </p>
            )}
            <ol>
              {zone.vertices.map((vertex, index) => (
                <li key={index} className="zone-vertex-row">
                  <CoordinateInput
                    id={`zone-vertex-${index}-lat`}
                    label={m.zone_lat({ n: index + 1 }, t)}
                    value={vertex.lat}
                    limit={90}
                    onChange={(lat) => change((z) => moveVertex(z, index, { ...vertex, lat }))}
                  />
                  <CoordinateInput
                    id={`zone-vertex-${index}-lng`}
                    label={m.zone_lng({ n: index + 1 }, t)}
                    value={vertex.lng}
                    limit={180}
                    onChange={(lng) => change((z) => moveVertex(z, index, { ...vertex, lng }))}
                  />
                  <button
                    type="button"
                    className="button admin-secondary"
                    onClick={() => change((z) => removeVertex(z, index))}
                  >
                    {m.zone_removeVertex({ n: index + 1 }, t)}
                  </button>
                </li>
              ))}
            </ol>
            <button
              type="button"
              className="button admin-secondary"
              onClick={() => change((z) => addVertex(z, nextVertex(z, kitchen)))}
            >
              {m.zone_addVertex({}, t)}
            </button>
          </fieldset>
          <button
            type="button"
            className="button admin-danger"
            onClick={() => {
              setZones((all) => all.filter((_, index) => index !== selected));
              setSelected((index) => Math.max(0, index - 1));
              setProblems({});
            }}
          >
            {m.zone_remove({}, t)}
          </button>
        </fieldset>
      )}
      <div className="admin-actions">
        <button className="button" type="button" disabled={saving} onClick={() => void save()}>
          {m.zone_save({}, t)}
        </button>
      </div>
    </div>
  );
}

/** A latitude or longitude box: its own text while typing, the number once it is one within ±limit. */
function CoordinateInput(props: {
  id: string;
  label: string;
  value: number;
  limit: number;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(String(props.value));
  useEffect(() => {
    if (Number(text) !== props.value) setText(String(props.value));
    // Only an outside change (a dragged corner) rewrites the box.
  }, [props.value]);
  const number = Number(text.replace(',', '.'));
  const valid = text.trim() !== '' && Number.isFinite(number) && Math.abs(number) <= props.limit;
  return (
    <TextInput
      look="admin"
      id={props.id}
      label={props.label}
      inputMode="decimal"
      value={text}
      aria-invalid={valid ? undefined : true}
      onChange={(event) => {
        setText(event.target.value);
        const next = Number(event.target.value.replace(',', '.'));
        if (event.target.value.trim() !== '' && Number.isFinite(next) && Math.abs(next) <= props.limit)
          props.onChange(next);
      }}
    />
  );
}
