import * as basketSql from '#db/statements/basket.ts';
import { setQuantity as setLineQuantity, type LinePatch } from '#domain/basket/transitions.ts';
import { stateOf } from './change-parts.ts';
import type { BasketChange, Statement } from './write.ts';

/*
 * A line's quantity: which facts it reads (and predicts, decision 032), which transition of server/domain/basket/transitions.ts
 * decides, and the statements that write its patch.
 */

/** The statements of a line's patch. */
function lineStatements(basketId: string, patch: LinePatch): Statement[] {
  if (patch.kind === 'setQuantity') {
    return [basketSql.setLineQuantity.bind({ lineId: patch.lineId, quantity: patch.quantity })];
  }
  return [
    basketSql.deleteLine.bind({ lineId: patch.lineId }),
    basketSql.releaseEmptiedKitchen.bind({ basketId, lineId: patch.lineId }),
  ];
}

/** Sets a line's quantity; 0 removes it (the rules: setQuantity of the domain). */
export function setQuantity(lineId: number, quantity: number): BasketChange {
  return {
    reads: (basketId) => [basketSql.readLine.bind({ basketId, lineId })],
    predict: (known) => (known.lines.some((l) => l.id === lineId) ? [[{ id: lineId }]] : undefined),
    writes: (basket, [lines]) =>
      lineStatements(
        basket.id,
        setLineQuantity(stateOf(basket), { inBasket: Boolean(lines?.length) }, { lineId, quantity }),
      ),
  };
}
