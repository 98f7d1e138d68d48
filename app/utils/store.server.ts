import {
  addBareMetalReservation,
  getBareMetalServers,
  getOffers,
  getPriceInfo,
  getSelectorOptions,
  type BareMetalServerWire,
  type OfferWire,
  type PriceInfoWire,
} from "~/upstream/market.server";
import { UpstreamError } from "~/upstream/transport.server";
import {
  OFFER_FILTER_FIELDS,
  readOfferFilter,
  storeTypeOf,
  type OfferFilterErrors,
  type OfferFilterFields,
} from "../../platform/rules/market-filter";
import { ReservationFields, type ReservationFieldsInput } from "../../platform/rules/reservation-fields";
import { getBannerAndNoticeCached } from "~/upstream/notices.server";
import { formAction } from "./action.server";
import { getSessionToken, requireUser } from "./session.server";
import { redirectWithToast } from "./toast.server";
import { loadPage } from "./upstream-errors.server";

export const RESERVATIONS_PATH = "/console/reservations";

/**
 * Everything the store shows for one URL: the tab, the filter as typed (bad
 * fields reported beside themselves and left out of the query, so the list is
 * the one unfiltered by them), the filter options, the offers or bare-metal
 * servers, and the caller's membership prices (list prices when logged out).
 */
export async function loadStore(request: Request) {
  const url = new URL(request.url);
  const type = storeTypeOf(url.searchParams.get("type"));
  const typed: OfferFilterFields = {};
  for (const name of OFFER_FILTER_FIELDS) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== "") typed[name] = value.slice(0, 64);
  }
  const { filter, errors } = readOfferFilter(typed);
  // Only the fields that passed go upstream (min > max: the maximum is the one reported and left out).
  const good = Object.fromEntries(Object.entries(typed).filter(([name]) => !(name in errors))) as OfferFilterFields;

  const token = await getSessionToken(request);
  const [options, offers, servers, prices] = await Promise.all([
    getSelectorOptions(type),
    type === "bare_metal"
      ? Promise.resolve([] as OfferWire[])
      : getOffers(type, { ...good, gpu_count: filter.gpuCount, sort: filter.sort }),
    type === "bare_metal"
      ? getBareMetalServers({ region: filter.region, gpu: filter.gpu })
      : Promise.resolve([] as BareMetalServerWire[]),
    priceInfoOrNull(token),
  ]);
  return {
    type,
    typed,
    errors: errors as OfferFilterErrors,
    gpuCount: filter.gpuCount ?? null,
    options,
    offers,
    servers,
    prices,
    signedIn: token !== null,
  };
}

/**
 * The caller's membership prices; none for a visitor (the offers carry the list
 * price). Spec §8: a failed market call is swallowed; the list price stands.
 */
async function priceInfoOrNull(token: string | null): Promise<PriceInfoWire | null> {
  if (!token) return null;
  try {
    return await getPriceInfo(token);
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

/** Sends a reservation; success goes to the console's list with a toast (works without JavaScript). */
export async function reserveBareMetal(token: string, input: ReservationFieldsInput): Promise<Response> {
  const made = await addBareMetalReservation(token, {
    region: input.region,
    gpu: input.gpu,
    machines: input.machines,
    months: input.months,
    contact_name: input.contact_name,
    contact_phone: input.contact_phone,
    note: input.note,
  });
  return redirectWithToast(RESERVATIONS_PATH, {
    type: "success",
    message: `预约已提交：${made.Region.Name} ${made.Gpu.Name} ${made.Machines} 台，我们会尽快与您联系`,
  });
}

/**
 * The store route's loader: the market for this URL and the promotion banner.
 * The route imports its server code from this one module only, so its browser
 * bundle carries one empty stand-in, not one per server module it uses.
 */
export function storeLoader(request: Request) {
  return loadPage(request, async () => {
    const [store, { banners }] = await Promise.all([loadStore(request), getBannerAndNoticeCached()]);
    return { ...store, banner: banners[0] ?? null };
  });
}

/** The store route's action: a bare-metal reservation (signed-in users). */
export function storeAction(request: Request) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      reserve: intent(ReservationFields, (input, { guard }) => reserveBareMetal(guard.token, input)),
    }),
  });
}
