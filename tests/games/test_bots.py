"""The bots: plain functions policy(state, rng) -> action that only play legal moves."""

from __future__ import annotations

import gc
import pickle
from random import Random

import pytest
from conftest import REAL, conserved, fresh, game_of, give, make_rules, sq_of
from test_invariants import check, random_trade

from kit.games.property import bots
from kit.games.property.actions import (
    AcceptTrade,
    Buy,
    DeclareBankruptcy,
    Mortgage,
    PayWithTitles,
    ProposeTrade,
    RejectTrade,
    RollDice,
    SellBuilding,
)
from kit.games.property.bots import (
    build_asap,
    buy_everything,
    cash_reserve,
    dealmaker,
    never_buy,
    policy_named,
    random_legal,
    trader,
)
from kit.games.property.game import DEBT, TRADE, TURN, PropertyGame, play_out

BOTS = [buy_everything, build_asap, never_buy, cash_reserve(50_000), random_legal, dealmaker]


@pytest.mark.parametrize("name", REAL)
def test_bots_play_only_legal_actions_and_games_end_within_the_cap(name):
    g = game_of(name)
    for seed in range(4):
        rng = Random(seed)
        seats = [BOTS[(seed + i) % len(BOTS)] for i in range(4)]
        s = play_out(g.new_state(), seats, rng, max_turns=300, checked=True)
        assert s.is_terminal() or s.turns > 300


@pytest.mark.parametrize("name", REAL)
def test_builders_reach_the_end_of_a_game(name):
    g = game_of(name)
    ended = 0
    for seed in range(20):
        s = play_out(g.new_state(), [build_asap] * 4, Random(seed), max_turns=1000)
        ended += s.is_terminal()
        if s.is_terminal():
            assert s.winner() is not None and sum(s.alive) == 1
    assert ended >= 1


def test_never_buy_owns_nothing():
    g = game_of("superpoly")
    s = play_out(g.new_state(), [never_buy] * 4, Random(1), max_turns=200, checked=True)
    assert all(o < 0 for o in s.owner)  # the bank


def test_cash_reserve_keeps_its_reserve_when_buying():
    g = game_of("el_pale")
    bot = cash_reserve(1_000_000)
    bought = []

    def watched(state, rng):
        a = bot(state, rng)
        if type(a) is Buy:
            p = state.current_player()
            assert state.cash[p] - g.t_price[g.sq_title[a.square]] >= 1_000_000
            bought.append(a)
        return a

    play_out(g.new_state(), [watched] * 4, Random(2), max_turns=200, checked=True)
    assert bought


def test_policy_named():
    assert policy_named("build_asap") is build_asap
    assert policy_named("dealmaker") is dealmaker
    assert policy_named("trader:cash_reserve:1000").__name__ == "trader(cash_reserve(1000))"
    assert policy_named("cash_reserve:1000").__name__ == "cash_reserve(1000)"
    with pytest.raises(ValueError, match="no bot called"):
        policy_named("greedy")


# ------------------------------------------------------------------------------ the traders
EAGER = trader(build_asap, eagerness=1)  # proposes whenever it has a deal: easy to test


def _before_rolling(name: str = "fixture"):
    s = fresh(name)
    assert s.phase == TURN and s.cur == 0
    return s


def _answering(s, deal):
    """A copy of ``s`` where ``deal`` waits for its answer."""
    t = s.copy()
    t.apply(deal)
    return t


def test_trader_buys_the_missing_title_at_twice_its_price_and_builds():
    s = _before_rolling()
    give(s, 0, 6, 8)  # two of group B (6, 8, 9)
    give(s, 1, 9)
    rng = Random(0)
    deal = EAGER(s, rng)
    assert deal == ProposeTrade(1, (), (9,), 2 * s.game.t_price[sq_of(s, 9)])
    s.apply(deal)
    assert s.phase == TRADE and s.current_player() == 1
    assert EAGER(s, rng) == AcceptTrade()
    s.apply(AcceptTrade())
    assert s.owner_of(9) == 0 and s.cash == [1500 - 240, 1500 + 240, 1500, 1500]
    assert conserved(s) and s.buildable(0) == [6, 8, 9]
    assert EAGER(s, rng) == RollDice()  # one proposal a turn; build_asap builds after landing


def test_traders_swap_titles_so_that_both_complete_a_group():
    s = _before_rolling()
    give(s, 0, 6, 8, 1)  # B: 6, 8 of (6, 8, 9); A: 1 of (1, 3)
    give(s, 1, 9, 3)
    rng = Random(0)
    deal = EAGER(s, rng)
    assert deal == ProposeTrade(1, (1,), (9,), 120 - 60)  # the difference of the prices
    s.apply(deal)
    s.apply(EAGER(s, rng))
    assert [s.owner_of(sq) for sq in (6, 8, 9, 1, 3)] == [0, 0, 0, 1, 1]
    assert s.buildable(0) and s.buildable(1) and conserved(s)


def test_the_dealmaker_completes_the_group_within_a_few_turns():
    for seed in range(5):  # it proposes one turn in three (drawn from rng)
        s = _before_rolling()
        give(s, 0, 6, 8)
        give(s, 1, 9)
        play_out(s, [dealmaker] * 4, Random(seed), max_turns=40, checked=True)
        assert s.owner_of(9) == 0 or not s.alive[1]


def test_trader_rule_for_answering_deals():
    s = _before_rolling()
    give(s, 0, 6, 8, 11)
    give(s, 1, 9, 13)
    price = s.game.t_price[sq_of(s, 9)]

    def answer(deal):
        return dealmaker(_answering(s, deal), Random(0))

    assert answer(ProposeTrade(1, (), (9,), price)) == RejectTrade()  # hands a group: 2x
    assert answer(ProposeTrade(1, (), (9,), 2 * price)) == AcceptTrade()
    assert answer(ProposeTrade(1, (11,), (9,), 0)) == RejectTrade()  # 140 + 0 < 2 x 120
    assert answer(ProposeTrade(1, (11,), (9,), 100)) == AcceptTrade()
    assert answer(ProposeTrade(1, (11,), (13,), 0)) == AcceptTrade()  # no group: at par
    assert answer(ProposeTrade(1, (6,), (13,), 0)) == RejectTrade()  # 100 for 140
    give(s, 1, 1, 3)
    assert answer(ProposeTrade(1, (11,), (3,), 1000)) == RejectTrade()  # breaks up his group
    assert build_asap(_answering(s, ProposeTrade(1, (), (9,), 1000)), Random(0)) == RejectTrade()


def _proposals_to_a_rejecter(bot) -> tuple[list[int], set[int]]:
    """Seat 0 (``bot``) lacks a title that build_asap (seat 1) will never sell: the turns in
    which it proposed, and all its turns, over 200 turns."""
    s = _before_rolling()
    give(s, 0, 6, 8)
    give(s, 1, 9)
    proposals, turns = [], set()

    def watched(state, rng):
        a = bot(state, rng)
        turns.add(state.turns)
        if type(a) is ProposeTrade:
            proposals.append(state.turns)
        return a

    play_out(s, [watched, build_asap, build_asap, build_asap], Random(3), 200, checked=True)
    return proposals, turns


def test_a_rejected_deal_is_not_repeated_in_the_same_turn_and_seldom_later():
    proposals, turns = _proposals_to_a_rejecter(EAGER)
    assert len(proposals) == len(set(proposals)) > 0  # at most one a turn
    proposals, turns = _proposals_to_a_rejecter(dealmaker)
    assert len(proposals) == len(set(proposals)) > 0
    assert len(proposals) < len(turns) / 2  # one turn in three, drawn from rng


@pytest.mark.parametrize("name", REAL)
def test_traders_play_only_legal_actions(name):
    g = game_of(name)
    seats = [dealmaker, EAGER, trader(random_legal), trader(cash_reserve(50_000)), build_asap]
    for seed in range(6):
        rng = Random(seed)
        table = [seats[(seed + i) % len(seats)] for i in range(4)]
        s = play_out(g.new_state(), table, rng, max_turns=1000, checked=True)
        assert s.is_terminal() or s.turns > 1000


@pytest.mark.parametrize("name", REAL)
def test_traders_keep_the_invariants_and_answer_any_deal(name):
    """Money (and everything ``check`` checks) after every step of traders' games, with random
    proposals, legal or not, thrown at them now and then."""
    for seed in range(3):
        rng = Random(seed)
        g = game_of(name, 2 + seed)
        s = g.new_state()
        bots = [dealmaker, trader(random_legal), EAGER, dealmaker][: g.n]
        for _ in range(3000):
            if s.is_terminal():
                break
            if s.is_chance():
                s.apply_chance(s.sample_chance(rng))
            elif s.phase == TURN and rng.random() < 0.1:
                deal = random_trade(s, rng)
                if s.why_not(deal) is None:
                    s.apply(deal)
                    s.apply(bots[s.current_player()](s, rng))
            else:
                s.apply(bots[s.current_player()](s, rng))
            check(s)


@pytest.mark.parametrize("name", REAL)
def test_traders_finish_more_games_than_builders(name):
    g = game_of(name)
    finished = {}
    for bot in (build_asap, dealmaker):
        finished[bot] = sum(
            play_out(g.new_state(), [bot] * 4, Random(seed), max_turns=1000).is_terminal()
            for seed in range(10)
        )
    assert finished[dealmaker] > finished[build_asap]
    assert finished[dealmaker] >= 8


# ------------------------------------------------------------------ the traders' look, cached
def _whole_by_search(state, p):
    """The lot groups ``p`` owns whole, searched on the board (the traders' rule, uncached)."""
    owner = state.owner
    return [i for i, m in enumerate(state.game.lot_groups) if all(owner[t] == p for t in m)]


def _tradable(state, t):
    """No buildings on the title, nor on its group where the rules forbid trading those."""
    g = state.game
    group = g.group_members[g.t_group[t]]
    blocked = g.rules.trade_blocked_by_group_buildings
    return not state.level[t] and not (blocked and any(state.level[m] for m in group))


def _wants_by_search(state, p):
    """The groups ``p`` could complete with one other player's titles (see ``trader``),
    searched on the board group by group, as the traders did before they kept a table."""
    owner = state.owner
    out = []
    for i, members in enumerate(state.game.lot_groups):
        mine = [t for t in members if owner[t] == p]
        if not mine or len(mine) == len(members):
            continue
        missing = tuple(t for t in members if owner[t] != p)
        q = owner[missing[0]]
        if (
            q >= 0
            and all(owner[t] == q for t in missing)
            and len(mine) >= len(missing)
            and all(_tradable(state, t) for t in missing)
        ):
            out.append((i, q, missing))
    return out


def _wants_looked_up(state, p):
    """The groups ``p`` could complete by a trade, as the traders read them from their table."""
    return bots._tradable_wants(state, bots._look(state).wants[p])


TRADERS = [dealmaker, EAGER, trader(random_legal), trader(cash_reserve(50_000))]


def _value(state, t):
    """A title's worth in a deal: its printed price, less the cost of lifting its mortgage."""
    g = state.game
    return g.t_price[t] - (g.t_redeem_late[t] if state.mortgaged[t] else 0)


def _accepts_by_search(state, q, p, deal):
    """The traders' rule for answering a deal (see ``trader``), with the groups owned whole
    before and after searched on the whole board, as the traders did before they kept a table."""
    g = state.game
    give = [g.sq_title[sq] for sq in deal.give]
    take = [g.sq_title[sq] for sq in deal.take]
    card = g.rules.jail.fine
    value_in = sum(_value(state, t) for t in give) + max(deal.money, 0)
    value_in += card * len(deal.give_cards)
    value_out = sum(_value(state, t) for t in take) + max(-deal.money, 0)
    value_out += card * len(deal.take_cards)
    after = state.copy()
    for t in give:
        after.owner[t] = q
    for t in take:
        after.owner[t] = p
    mine_before, mine_after = set(_whole_by_search(state, q)), set(_whole_by_search(after, q))
    if mine_before - mine_after:
        return False
    gets_group = bool(mine_after - mine_before)
    hands_group = bool(set(_whole_by_search(after, p)) - set(_whole_by_search(state, p)))
    if hands_group and not gets_group:
        return value_in >= bots.PREMIUM * value_out
    return value_in >= value_out


def _deals_by_search(state, p, reserve):
    """The deals ``p`` would offer (see ``trader``), found as the traders did before they kept
    a table: swaps first, then purchases, each kind in the order of the board."""
    g = state.game
    sq = g.t_square
    swaps, buys = [], []
    for grp, q, missing in _wants_by_search(state, p):
        take = tuple(sq[t] for t in missing)
        worth = sum(_value(state, t) for t in missing)
        for other, r, theirs in _wants_by_search(state, q):
            if r != p or other == grp:
                continue
            money = worth - sum(_value(state, t) for t in theirs)
            money = max(money, -state.cash[q])
            if money <= 0 or state.cash[p] - money >= reserve:
                swaps.append(ProposeTrade(q, tuple(sq[t] for t in theirs), take, money))
        money = bots.PREMIUM * worth
        if state.cash[p] - money >= reserve:
            buys.append(ProposeTrade(q, (), take, money))
    return [d for d in swaps + buys if _accepts_by_search(state, d.to_player, p, d)]


def _raise_money_from_the_list(state):
    """build_asap's choice in debt, read off the list of every legal action."""
    actions = state.legal_actions()
    for kind in (SellBuilding, Mortgage, DeclareBankruptcy):
        for a in actions:
            if type(a) is kind:
                return a
    return actions[0]


def _positions(name: str, seeds: range, players: int = 4):
    """Every decision point of seeded games of traders (copies), with the bot to act there."""
    g = game_of(name, players)
    for seed in seeds:
        rng = Random(seed)
        table = [TRADERS[(seed + i) % len(TRADERS)] for i in range(players)]
        s = g.new_state()
        while not s.is_terminal() and s.turns <= 300:
            if s.is_chance():
                s.apply_chance(s.sample_chance(rng))
                continue
            bot = table[s.current_player()]
            yield s.copy(), bot
            s.apply(bot(s, rng))


@pytest.mark.parametrize("name", REAL)
def test_the_traders_table_agrees_with_a_search_of_the_board(name):
    """RUT-05, PROP-12: the groups each player owns whole and could complete, read from the
    look the state keeps and updates as titles change hands, are those a search of the board
    finds, and those of a look made afresh, at every decision of seeded traders' games of 2 to
    4 players."""
    seen = 0
    for players in (2, 3, 4):
        for s, _ in _positions(name, range(2), players):
            kept = bots._look(s)
            fresh = bots._Look(bots._table(s.game), s.owner)
            assert (kept.whole, kept.wants, kept.parts) == (fresh.whole, fresh.wants, fresh.parts)
            for p in range(players):
                assert bots._look(s).whole[p] == _whole_by_search(s, p)
                assert _wants_looked_up(s, p) == _wants_by_search(s, p)
            seen += bool(_wants_looked_up(s, s.cur))
    assert seen > 50  # positions where a deal is sought, not only empty answers


@pytest.mark.parametrize("blocked", [False, True])
def test_the_traders_do_not_seek_titles_that_buildings_hold_back(blocked):
    """PROP-12, RUT-05: a missing title with a building on it is not sought, nor, where the
    rules block trading a group with buildings, one whose group has a building anywhere."""
    g = PropertyGame(make_rules(trade_blocked_by_group_buildings=blocked), 4)
    s = g.start_state(0)
    give(s, 0, 6, 8)  # two of group B (6, 8, 9)
    give(s, 1, 9)
    t = sq_of(s, 9)
    want = (next(i for i, m in enumerate(g.lot_groups) if t in m), 1, (t,))
    assert _wants_looked_up(s, 0) == _wants_by_search(s, 0) == [want]
    s.level[sq_of(s, 8)] = 1  # a house on one's own lot of the group (set by hand)
    assert _wants_looked_up(s, 0) == _wants_by_search(s, 0) == ([] if blocked else [want])
    assert bool(bots._deals(s, 0, 0)) is not blocked
    s.level[sq_of(s, 8)], s.level[sq_of(s, 9)] = 0, 1  # a house on the missing title
    assert _wants_looked_up(s, 0) == _wants_by_search(s, 0) == []
    assert bots._deals(s, 0, 0) == []


@pytest.mark.parametrize("name", REAL)
def test_the_traders_choose_the_same_with_the_table_warm_or_cold(name):
    """At every decision of seeded traders' games the bot picks the same action, and draws the
    same random numbers, whether the table already knows the position's pattern or was
    emptied just before it looked."""
    proposals = 0
    for s, bot in _positions(name, range(4)):
        warm, cold = Random(7), Random(7)
        chosen = bot(s, warm)
        bots.forget()
        assert bot(s, cold) == chosen
        assert warm.getstate() == cold.getstate()
        proposals += type(chosen) is ProposeTrade
    assert proposals > 10


def _cold(bot):
    """``bot`` with the tables and the state's look emptied before each decision: the search
    redone every time."""

    def policy(state, rng):
        bots.forget()
        state._look = None
        return bot(state, rng)

    return policy


def _game_record(g, seats, seed):
    """The actions of one seeded game and its final position."""
    actions = []

    def watched(bot):
        def policy(state, rng):
            actions.append(bot(state, rng))
            return actions[-1]

        return policy

    s = play_out(g.new_state(), [watched(b) for b in seats], Random(seed), max_turns=1000)
    return actions, s.to_json()


@pytest.mark.parametrize("name", REAL)
def test_seeded_dealmaker_games_are_the_same_with_the_table_cold_or_shared(name):
    """What is kept never changes a game: seeded dealmaker games play the same actions to the
    same end with the table and the state's look emptied at every decision, and after other
    games of the same rules filled the table."""
    g = game_of(name)
    cold = [_game_record(g, [_cold(dealmaker)] * 4, seed) for seed in range(3)]
    bots.forget()
    warm = [_game_record(g, [dealmaker] * 4, seed) for seed in (2, 1, 0)][::-1]
    assert warm == cold


def test_the_table_goes_with_its_game_and_the_bots_pickle_by_name():
    """A game's table is dropped with the game; the bots stay plain module functions, pickled
    by name (for tournaments on other processes), carrying no table with them."""
    g = game_of("el_pale")
    play_out(g.new_state(), [dealmaker] * 4, Random(0), max_turns=200)
    assert any(seen for _, _, seen in bots._TABLES[g].groups)
    games_before = len(bots._TABLES)
    del g
    gc.collect()
    assert len(bots._TABLES) == games_before - 1 and bots._LAST[1] is None
    for name in ("buy_everything", "build_asap", "never_buy", "dealmaker", "random"):
        bot = policy_named(name)
        data = pickle.dumps(bot)
        assert pickle.loads(data) is bot and len(data) < 100


@pytest.mark.parametrize("name", REAL)
def test_the_traders_answer_deals_as_a_search_of_the_board_would(name):
    """Their own proposals and random legal deals, at every decision before rolling of seeded
    traders' games: answered the same with the groups a deal touches looked at as with every
    group of the board searched before and after."""
    rng = Random(5)
    asked = 0
    for s, _ in _positions(name, range(3)):
        if s.phase != TURN:
            continue
        p = s.cur
        deals = [random_trade(s, rng) for _ in range(3)] + bots._deals(s, p, 0)
        for deal in deals:
            if s.is_legal(deal):
                q = deal.to_player
                assert bots._accepts(s, q, p, deal) == _accepts_by_search(s, q, p, deal)
                asked += 1
    assert asked > 300


@pytest.mark.parametrize("name", REAL)
def test_in_debt_the_builders_choose_what_the_list_of_legal_actions_offers_first(name):
    """PROP-14: in debt, build_asap sells the first building the list offers, else mortgages
    the first title it offers, else goes bankrupt or pays with titles, though it asks the
    titles one at a time instead of listing every action."""
    chosen = set()
    for s, _ in _positions(name, range(6)):
        if s.phase == DEBT:
            action = build_asap(s, Random(0))
            assert action == _raise_money_from_the_list(s)
            chosen.add(type(action))
    assert {SellBuilding, Mortgage, DeclareBankruptcy} <= chosen
    assert (PayWithTitles in chosen) == game_of(name).rules.pay_debt_with_titles


@pytest.mark.parametrize("name", REAL)
def test_the_traders_offer_the_deals_a_search_of_the_board_finds(name):
    """RUT-05, PROP-12: before rolling, with no reserve, the default one and one out of reach,
    the deals a trader would offer are those found by searching the board (swaps first, then
    purchases at twice the value), at every such decision of seeded traders' games."""
    offered = 0
    for s, _ in _positions(name, range(4)):
        if s.phase == TURN:
            for reserve in (0, s.game.rules.start_money // 5, 10 * s.game.rules.start_money):
                deals = bots._deals(s, s.cur, reserve)
                assert deals == _deals_by_search(s, s.cur, reserve)
                offered += len(deals)
    assert offered > 50
