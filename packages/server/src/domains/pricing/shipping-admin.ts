/**
 * The merchant's shipping configuration: regions and their options. Every write forgets the options
 * this process remembers for estimates (deps.ts `PricingMemos`), so a change made here is quoted at once.
 */
import type { Insertable } from 'kysely';
import type { ShippingOptionsTable } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import { isUuid, type MemoizedDeps, rejectViolations, writeRemembered } from './deps.js';
import { PricingErrors } from './errors.js';
import { type OptionShape, optionViolations, regionViolations } from './input-rules.js';
import type { OptionInput, OptionPatch, RegionInput, RegionPatch, WireShippingOption, WireShippingRegion } from './shipping-schemas.js';
import * as store from './shipping-store.js';
import { isUniqueViolation } from './store.js';
import { optionView, regionView } from './views.js';

const OPTION_CODE_KEY = 'shipping_options_code_key';

export class ShippingAdmin {
  constructor(private readonly deps: MemoizedDeps) {}

  /** Creates a region (without options). @throws ValidationFailure ('*' not alone, subdivisions of other countries) */
  async createRegion(input: RegionInput): Promise<WireShippingRegion> {
    const countries = [...new Set(input.countries)];
    const subdivisions = [...new Set(input.subdivisions ?? [])];
    rejectViolations(regionViolations({ countries, subdivisions }));
    const row = await writeRemembered(this.deps, 'shipping', (db) =>
      store.insertRegion(db, { name: input.name, countries, subdivisions, position: input.position ?? 0 }),
    );
    return regionView(row, [], this.deps.currency);
  }

  /** Every region with all its options (inactive ones too), by position. */
  async listRegions(): Promise<WireShippingRegion[]> {
    const regions = await store.listRegions(this.deps.db);
    const options = await store.listOptionsOf(
      this.deps.db,
      regions.map((region) => region.id),
      { activeOnly: false },
    );
    return regions.map((region) =>
      regionView(
        region,
        options.filter((option) => option.region_id === region.id),
        this.deps.currency,
      ),
    );
  }

  /** @throws DomainError SHIPPING_REGION_NOT_FOUND */
  async getRegion(id: string): Promise<WireShippingRegion> {
    const region = await this.requireRegion(id);
    return regionView(region, await store.listOptionsOf(this.deps.db, [id], { activeOnly: false }), this.deps.currency);
  }

  /** @throws DomainError SHIPPING_REGION_NOT_FOUND; ValidationFailure */
  async updateRegion(id: string, patch: RegionPatch): Promise<WireShippingRegion> {
    const before = await this.requireRegion(id);
    const countries = [...new Set(patch.countries ?? before.countries)];
    const subdivisions = [...new Set(patch.subdivisions ?? before.subdivisions)];
    rejectViolations(regionViolations({ countries, subdivisions }));
    await writeRemembered(this.deps, 'shipping', (db) =>
      store.updateRegion(db, id, {
        countries,
        subdivisions,
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.position !== undefined && { position: patch.position }),
      }),
    );
    return this.getRegion(id);
  }

  /** Deletes a region and its options. @throws DomainError SHIPPING_REGION_NOT_FOUND */
  async deleteRegion(id: string): Promise<void> {
    const gone = isUuid(id) && (await writeRemembered(this.deps, 'shipping', (db) => store.deleteRegion(db, id)));
    if (!gone) throw new DomainError(PricingErrors.SHIPPING_REGION_NOT_FOUND, { id });
  }

  /**
   * Adds an option to a region.
   * @throws DomainError SHIPPING_REGION_NOT_FOUND, SHIPPING_OPTION_CODE_TAKEN; ValidationFailure
   */
  async addOption(regionId: string, input: OptionInput): Promise<WireShippingOption> {
    await this.requireRegion(regionId);
    const shape: OptionShape = {
      kind: input.kind,
      price: input.price ?? '0',
      weightTiers: input.weightTiers ?? [],
      freeAbove: input.freeAbove ?? null,
      pickup: input.pickup ?? null,
      timeSlots: input.timeSlots ?? [],
    };
    rejectViolations(optionViolations(shape, this.deps.currency));
    const values: Insertable<ShippingOptionsTable> = {
      region_id: regionId,
      code: input.code,
      title: input.title,
      carrier_id: input.carrierId ?? 'vitrine',
      delivery_time: input.deliveryTime ?? null,
      position: input.position ?? 0,
      active: input.active ?? true,
      ...optionColumns(shape),
    };
    const row = await writeRemembered(this.deps, 'shipping', (db) => store.insertOption(db, values).catch(optionCodeTaken(input.code)));
    return optionView(row, this.deps.currency);
  }

  /** @throws DomainError SHIPPING_REGION_NOT_FOUND, SHIPPING_OPTION_NOT_FOUND, SHIPPING_OPTION_CODE_TAKEN; ValidationFailure */
  async updateOption(regionId: string, optionId: string, patch: OptionPatch): Promise<WireShippingOption> {
    const before = await this.requireOption(regionId, optionId);
    const kind = patch.kind ?? before.kind;
    const shape: OptionShape = {
      kind,
      price: patch.price ?? before.price,
      weightTiers: patch.weightTiers ?? (kind === 'WEIGHT' ? before.weight_tiers : []),
      freeAbove: patch.freeAbove !== undefined ? patch.freeAbove : before.free_above,
      pickup: patch.pickup !== undefined ? patch.pickup : kind === 'PICKUP' ? before.pickup : null,
      timeSlots: patch.timeSlots ?? before.time_slots,
    };
    rejectViolations(optionViolations(shape, this.deps.currency));
    const row = await writeRemembered(this.deps, 'shipping', (db) =>
      store.updateOption(db, optionId, {
        ...optionColumns(shape),
        ...(patch.code !== undefined && { code: patch.code }),
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.carrierId !== undefined && { carrier_id: patch.carrierId }),
        ...(patch.deliveryTime !== undefined && { delivery_time: patch.deliveryTime }),
        ...(patch.position !== undefined && { position: patch.position }),
        ...(patch.active !== undefined && { active: patch.active }),
      }),
    ).catch(optionCodeTaken(patch.code ?? before.code));
    if (!row) throw new DomainError(PricingErrors.SHIPPING_OPTION_NOT_FOUND, { regionId, id: optionId });
    return optionView(row, this.deps.currency);
  }

  /** @throws DomainError SHIPPING_OPTION_NOT_FOUND */
  async deleteOption(regionId: string, optionId: string): Promise<void> {
    const gone =
      isUuid(regionId) &&
      isUuid(optionId) &&
      (await writeRemembered(this.deps, 'shipping', (db) => store.deleteOption(db, regionId, optionId)));
    if (!gone) throw new DomainError(PricingErrors.SHIPPING_OPTION_NOT_FOUND, { regionId, id: optionId });
  }

  /** The option with this code, whatever its region; undefined when none has it. */
  async optionByCode(code: string): Promise<WireShippingOption | undefined> {
    const row = await store.findOptionByCode(this.deps.db, code);
    return row && optionView(row, this.deps.currency);
  }

  /** The id of the region named by id or name (the first of that name). @throws DomainError SHIPPING_REGION_NOT_FOUND */
  async regionIdOf(ref: string): Promise<string> {
    const row = isUuid(ref) ? await store.findRegion(this.deps.db, ref) : await store.findRegionByName(this.deps.db, ref);
    if (!row) throw new DomainError(PricingErrors.SHIPPING_REGION_NOT_FOUND, { region: ref }, 'No shipping region has this id or name');
    return row.id;
  }

  private async requireRegion(id: string) {
    const row = isUuid(id) ? await store.findRegion(this.deps.db, id) : undefined;
    if (!row) throw new DomainError(PricingErrors.SHIPPING_REGION_NOT_FOUND, { id });
    return row;
  }

  private async requireOption(regionId: string, id: string) {
    await this.requireRegion(regionId);
    const row = isUuid(id) ? await store.findOption(this.deps.db, regionId, id) : undefined;
    if (!row) throw new DomainError(PricingErrors.SHIPPING_OPTION_NOT_FOUND, { regionId, id });
    return row;
  }
}

function optionColumns(shape: OptionShape) {
  return {
    kind: shape.kind,
    price: shape.price,
    weight_tiers: JSON.stringify(shape.weightTiers),
    free_above: shape.freeAbove,
    pickup: shape.pickup === null ? null : JSON.stringify(shape.pickup),
    time_slots: JSON.stringify(
      shape.timeSlots.map((slot) => ({ from: new Date(slot.from).toISOString(), to: new Date(slot.to).toISOString() })),
    ),
  };
}

function optionCodeTaken(code: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error, OPTION_CODE_KEY)) throw new DomainError(PricingErrors.SHIPPING_OPTION_CODE_TAKEN, { code });
    throw error;
  };
}
