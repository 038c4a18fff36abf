// A small client written against the types openapi-typescript generates from the served
// schema (durak-api.d.ts). It must compile under `tsc --noEmit` with strict settings: a
// schema that answered an untyped object, or events without their fields, would not.
import type { components, paths } from "./durak-api";

type Schemas = components["schemas"];
type GameView = Schemas["GameView"];
type GameEvent = Schemas["GameEvent"];
type Action = Schemas["Action"];
type CreateBody = paths["/api/v1/games/"]["post"]["requestBody"]["content"]["application/json"];
type ApiErrorDetail = Schemas["ApiErrorDetail"];

export class DurakClient {
  constructor(private readonly base: string, private readonly token: string) {}

  private async call<T>(method: string, path: string, body?: unknown, key?: string): Promise<T> {
    const headers: Record<string, string> = { Authorization: "Token " + this.token, "Content-Type": "application/json" };
    if (key !== undefined) headers["Idempotency-Key"] = key;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const answer = await fetch(this.base + path, init);
    if (!answer.ok) {
      const refusal = (await answer.json()) as Schemas["ApiError"];
      throw new Error(describe(refusal.error));
    }
    return (await answer.json()) as T;
  }

  createAgainstComputer(key: string): Promise<GameView> {
    const body: CreateBody = { rules: { players: 2, deck: 24 }, opponents: [{ ai: "novice" }] };
    return this.call<GameView>("POST", "/api/v1/games/", body, key);
  }

  play(game: GameView, action: Action): Promise<GameView> {
    return this.call<GameView>("POST", `/api/v1/games/${game.id}/actions/`, { ...action, expected_seq: game.seq });
  }

  async events(game: number, after: number): Promise<GameEvent[]> {
    const page = await this.call<Schemas["EventList"]>("GET", `/api/v1/games/${game}/events/?after=${after}`);
    return page.events;
  }

  async *tournaments(): AsyncGenerator<Schemas["TournamentSummary"]> {
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? "" : "?cursor=" + encodeURIComponent(cursor);
      const page: Schemas["TournamentPage"] = await this.call("GET", "/api/v1/tournaments/" + query);
      yield* page.tournaments;
      cursor = page.next;
    } while (cursor !== null);
  }
}

function describe(error: ApiErrorDetail): string {
  if (error.code === "stale_seq" && error.seq !== undefined) return `the game moved on to seq ${error.seq}`;
  if (error.retry_after !== undefined) return `${error.message} (again in ${error.retry_after} s)`;
  return error.field === undefined ? error.message : `${error.field}: ${error.message}`;
}

// Each event narrows on its `type` to its own fields.
export function line(event: GameEvent): string {
  switch (event.type) {
    case "attack_played":
      return `seat ${event.seat} attacks with ${event.cards.join(" ")}`;
    case "card_beaten":
      return `seat ${event.seat} beats table[${event.target}] with ${event.card}`;
    case "cards_drawn":
      return `seat ${event.seat} draws ${event.cards?.join(" ") ?? String(event.count ?? 0) + " cards"}`;
    case "game_finished":
      return event.durak === null ? "a draw" : `seat ${event.durak} is the durak`;
    default:
      return event.type;
  }
}

export function clockText(view: GameView): string {
  const clock = view.clock;
  if (clock === null) return "no clock";
  const left = Date.parse(clock.deadline) - Date.parse(clock.server_time);
  return `seat ${clock.seat}: ${Math.round(left / 1000)} s left; away: ${view.away.join(", ")}`;
}
