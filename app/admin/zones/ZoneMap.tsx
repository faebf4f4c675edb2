import { useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { EditedZone, Vertex } from './zone-editor.ts';

type Props = {
  zones: readonly EditedZone[];
  selected: number;
  /** Where the map opens when no zone has an outline yet: the kitchen. */
  kitchen: Vertex;
  tiles: { url: string; attribution: string } | null;
  label: string;
  kitchenLabel: string;
  onAdd: (at: Vertex) => void;
  onMove: (vertex: number, to: Vertex) => void;
};

/**
 * The zones on a Leaflet map: the chosen one's outline with a draggable marker at each corner, the others drawn
 * faintly (the list beside the map chooses). A click on the map adds a corner to the chosen zone. Leaflet is imported when the
 * island runs (it reads `window` as it loads), so the server renders the box only. Without a tile URL the map is a
 * plain grid with a scale: the editor works offline, and the corner list (ZoneEditor) is the same outline typed.
 */
export function ZoneMap(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<{ L: typeof Leaflet; map: Leaflet.Map; layers: Leaflet.LayerGroup } | null>(null);
  // The handlers of this render, read by Leaflet's listeners, which are bound once.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    let cancelled = false;
    void import('leaflet').then((module) => {
      const L = module.default;
      if (cancelled || !box.current) return;
      const { kitchen, tiles } = latest.current;
      const leaflet = L.map(box.current, { center: [kitchen.lat, kitchen.lng], zoom: 12, keyboard: true });
      if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(leaflet);
      else gridLayer(L).addTo(leaflet);
      L.control.scale({ imperial: false }).addTo(leaflet);
      L.marker([kitchen.lat, kitchen.lng], {
        title: latest.current.kitchenLabel,
        alt: latest.current.kitchenLabel,
        icon: L.divIcon({ className: 'zone-kitchen', iconSize: [18, 18] }),
        interactive: false,
      }).addTo(leaflet);
      leaflet.on('click', (event: Leaflet.LeafletMouseEvent) =>
        latest.current.onAdd({ lat: event.latlng.lat, lng: event.latlng.lng }),
      );
      const layers = L.layerGroup().addTo(leaflet);
      map.current = { L, map: leaflet, layers };
      const corners = latest.current.zones.flatMap((zone) => zone.vertices.map((v) => L.latLng(v.lat, v.lng)));
      if (corners.length > 0) leaflet.fitBounds(L.latLngBounds(corners), { padding: [24, 24], maxZoom: 15 });
      draw();
    });
    return () => {
      cancelled = true;
      map.current?.map.remove();
      map.current = null;
    };
  }, []);

  function draw() {
    const current = map.current;
    if (!current) return;
    const { L, layers } = current;
    const { zones, selected, onMove } = latest.current;
    layers.clearLayers();
    zones.forEach((zone, index) => {
      if (index === selected || zone.vertices.length < 2) return;
      // Not clickable: a zone is often drawn over or beside another, and a click there adds a corner.
      L.polygon(
        zone.vertices.map((v) => [v.lat, v.lng]),
        { className: 'zone-other', interactive: false },
      ).addTo(layers);
    });
    const zone = zones[selected];
    if (!zone) return;
    if (zone.vertices.length >= 2)
      L.polygon(
        zone.vertices.map((v) => [v.lat, v.lng]),
        { className: 'zone-chosen' },
      ).addTo(layers);
    zone.vertices.forEach((vertex, index) => {
      const marker = L.marker([vertex.lat, vertex.lng], {
        draggable: true,
        title: String(index + 1),
        icon: L.divIcon({ className: 'zone-vertex', html: String(index + 1), iconSize: [22, 22] }),
      });
      marker.on('dragend', () => {
        const at = marker.getLatLng();
        onMove(index, { lat: at.lat, lng: at.lng });
      });
      marker.addTo(layers);
    });
  }

  useEffect(draw, [props.zones, props.selected]);

  return <div ref={box} className="zone-map" role="application" aria-label={props.label} />;
}

/** A plain background of 256-pixel squares: something to draw by and against when no tiles can be fetched. */
function gridLayer(L: typeof Leaflet): Leaflet.GridLayer {
  const Grid = L.GridLayer.extend({
    createTile() {
      const tile = document.createElement('div');
      tile.className = 'zone-grid-tile';
      return tile;
    },
  }) as new () => Leaflet.GridLayer;
  return new Grid();
}
