import { allergensOfDish, type AllergenInfo } from '#domain/allergens.ts';
import { Allergens } from './Allergens.tsx';
import type { AllergenTexts } from '#i18n/allergen-sentences.ts';

type Dish = {
  allergens: AllergenInfo;
  groups: {
    required: boolean;
    min: number;
    max: number;
    options: { allergens: AllergenInfo; unavailable: boolean }[];
  }[];
};

/** A menu dish's allergens whatever is chosen (allergensOfDish), saying when its options may add more. */
export function DishAllergens({ item, texts }: { item: Dish; texts: AllergenTexts }) {
  const dish = allergensOfDish(item.allergens, item.groups);
  return <Allergens info={dish.info} texts={texts} optionsAdd={dish.optionsAdd ? texts.optionsAdd : undefined} />;
}
