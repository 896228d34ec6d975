/** The keys `T` declares by name (not those of an index signature). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** Every named key of any member of the union `U`. */
type AnyKey<U> = U extends unknown ? NamedKeys<U> : never;

/**
 * A union whose members say that the keys only other members take are absent (`?: undefined`), as validation
 * makes them: a screen's kind refuses another kind's keys. So `screen.cards` reads as `CardDef[] | undefined` on
 * any screen, and as the kind's own type once `kind` is narrowed.
 * @example
 * type Shown = Exclusive<{ kind: 'list'; columns: ColumnDef[] } | { kind: 'dashboard'; cards: CardDef[] }>;
 * const cards = (screen: Shown) => screen.cards ?? []; // CardDef[] on a dashboard, [] on a list
 */
export type Exclusive<U, All = U> = U extends unknown
  ? U & { [K in Exclude<AnyKey<All>, NamedKeys<U>>]?: undefined }
  : never;
