// Unit tests of the Chill & Chili board: node --test js/tests/ (no npm, no network).
// The pure helpers, then real synced states (embedded below, written by Python
// from a 2-player game: one state per kind of step) drawn and clicked; with
// NBGAMES_JS_FIXTURES set (tests/test_js.py does it), every state of whole games too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureTest, renderSynced } from "./fakedom.mjs";
import { createWidget, expandRuns } from "../shared.js";
import {
  VARIETY_COLOR, bedSuns, bedTitle, board, contrast, handGroups, promptText, scoringRows, takeLines,
} from "../chill_and_chili.js";

// Synced states written by Python (a 2-player game, seat 0 human), one per step kind.
const CATALOG = {"cards": [{"variety": 0, "suns": 1, "name": "Corn 1 sun"}, {"variety": 0, "suns": 2, "name": "Corn 2 suns"}, {"variety": 0, "suns": 3, "name": "Corn 3 suns"}, {"variety": 1, "suns": 1, "name": "Carrot 1 sun"}, {"variety": 1, "suns": 2, "name": "Carrot 2 suns"}, {"variety": 1, "suns": 3, "name": "Carrot 3 suns"}, {"variety": 2, "suns": 1, "name": "Tomato 1 sun"}, {"variety": 2, "suns": 2, "name": "Tomato 2 suns"}, {"variety": 2, "suns": 3, "name": "Tomato 3 suns"}, {"variety": 3, "suns": 1, "name": "Cauliflower 1 sun"}, {"variety": 3, "suns": 2, "name": "Cauliflower 2 suns"}, {"variety": 3, "suns": 3, "name": "Cauliflower 3 suns"}, {"variety": 4, "suns": 2, "name": "Pumpkin 2 suns"}, {"variety": 5, "suns": 1, "name": "Chili 1 sun"}, {"variety": 5, "suns": 2, "name": "Chili 2 suns"}, {"variety": 5, "suns": 3, "name": "Chili 3 suns"}], "varieties": [{"name": "Corn", "count": 18, "bed": [2, 2], "points": {"2": 3}}, {"name": "Carrot", "count": 17, "bed": [2, 2], "points": {"2": 4}}, {"name": "Tomato", "count": 15, "bed": [2, 2], "points": {"2": 5}}, {"name": "Cauliflower", "count": 14, "bed": [3, 3], "points": {"3": 7}}, {"name": "Pumpkin", "count": 14, "bed": [1, 5], "points": {"1": 1, "2": 3, "3": 5, "4": 7, "5": 10}}, {"name": "Chili", "count": 12, "bed": [3, 3], "points": {"3": 9}}], "beds": [{"variety": 0, "cards": [0, 0], "suns": 2, "points": 3, "watered": 6, "name": "Corn (suns 1+1)"}, {"variety": 0, "cards": [0, 1], "suns": 3, "points": 3, "watered": 6, "name": "Corn (suns 1+2)"}, {"variety": 0, "cards": [0, 2], "suns": 4, "points": 3, "watered": 6, "name": "Corn (suns 1+3)"}, {"variety": 0, "cards": [1, 1], "suns": 4, "points": 3, "watered": 6, "name": "Corn (suns 2+2)"}, {"variety": 0, "cards": [1, 2], "suns": 5, "points": 3, "watered": 6, "name": "Corn (suns 2+3)"}, {"variety": 0, "cards": [2, 2], "suns": 6, "points": 3, "watered": 6, "name": "Corn (suns 3+3)"}, {"variety": 1, "cards": [3, 3], "suns": 2, "points": 4, "watered": 8, "name": "Carrot (suns 1+1)"}, {"variety": 1, "cards": [3, 4], "suns": 3, "points": 4, "watered": 8, "name": "Carrot (suns 1+2)"}, {"variety": 1, "cards": [3, 5], "suns": 4, "points": 4, "watered": 8, "name": "Carrot (suns 1+3)"}, {"variety": 1, "cards": [4, 4], "suns": 4, "points": 4, "watered": 8, "name": "Carrot (suns 2+2)"}, {"variety": 1, "cards": [4, 5], "suns": 5, "points": 4, "watered": 8, "name": "Carrot (suns 2+3)"}, {"variety": 1, "cards": [5, 5], "suns": 6, "points": 4, "watered": 8, "name": "Carrot (suns 3+3)"}, {"variety": 2, "cards": [6, 6], "suns": 2, "points": 5, "watered": 10, "name": "Tomato (suns 1+1)"}, {"variety": 2, "cards": [6, 7], "suns": 3, "points": 5, "watered": 10, "name": "Tomato (suns 1+2)"}, {"variety": 2, "cards": [6, 8], "suns": 4, "points": 5, "watered": 10, "name": "Tomato (suns 1+3)"}, {"variety": 2, "cards": [7, 7], "suns": 4, "points": 5, "watered": 10, "name": "Tomato (suns 2+2)"}, {"variety": 2, "cards": [7, 8], "suns": 5, "points": 5, "watered": 10, "name": "Tomato (suns 2+3)"}, {"variety": 2, "cards": [8, 8], "suns": 6, "points": 5, "watered": 10, "name": "Tomato (suns 3+3)"}, {"variety": 3, "cards": [9, 9, 9], "suns": 3, "points": 7, "watered": 14, "name": "Cauliflower (suns 1+1+1)"}, {"variety": 3, "cards": [9, 9, 10], "suns": 4, "points": 7, "watered": 14, "name": "Cauliflower (suns 1+1+2)"}, {"variety": 3, "cards": [9, 9, 11], "suns": 5, "points": 7, "watered": 14, "name": "Cauliflower (suns 1+1+3)"}, {"variety": 3, "cards": [9, 10, 10], "suns": 5, "points": 7, "watered": 14, "name": "Cauliflower (suns 1+2+2)"}, {"variety": 3, "cards": [9, 10, 11], "suns": 6, "points": 7, "watered": 14, "name": "Cauliflower (suns 1+2+3)"}, {"variety": 3, "cards": [9, 11, 11], "suns": 7, "points": 7, "watered": 14, "name": "Cauliflower (suns 1+3+3)"}, {"variety": 3, "cards": [10, 10, 10], "suns": 6, "points": 7, "watered": 14, "name": "Cauliflower (suns 2+2+2)"}, {"variety": 3, "cards": [10, 10, 11], "suns": 7, "points": 7, "watered": 14, "name": "Cauliflower (suns 2+2+3)"}, {"variety": 3, "cards": [10, 11, 11], "suns": 8, "points": 7, "watered": 14, "name": "Cauliflower (suns 2+3+3)"}, {"variety": 3, "cards": [11, 11, 11], "suns": 9, "points": 7, "watered": 14, "name": "Cauliflower (suns 3+3+3)"}, {"variety": 4, "cards": [12], "suns": 2, "points": 1, "watered": 2, "name": "Pumpkin (suns 2)"}, {"variety": 4, "cards": [12, 12], "suns": 4, "points": 3, "watered": 6, "name": "Pumpkin (suns 2+2)"}, {"variety": 4, "cards": [12, 12, 12], "suns": 6, "points": 5, "watered": 10, "name": "Pumpkin (suns 2+2+2)"}, {"variety": 4, "cards": [12, 12, 12, 12], "suns": 8, "points": 7, "watered": 14, "name": "Pumpkin (suns 2+2+2+2)"}, {"variety": 4, "cards": [12, 12, 12, 12, 12], "suns": 10, "points": 10, "watered": 20, "name": "Pumpkin (suns 2+2+2+2+2)"}, {"variety": 5, "cards": [13, 13, 14], "suns": 4, "points": 9, "watered": 18, "name": "Chili (suns 1+1+2)"}, {"variety": 5, "cards": [13, 13, 15], "suns": 5, "points": 9, "watered": 18, "name": "Chili (suns 1+1+3)"}, {"variety": 5, "cards": [13, 14, 14], "suns": 5, "points": 9, "watered": 18, "name": "Chili (suns 1+2+2)"}, {"variety": 5, "cards": [13, 14, 15], "suns": 6, "points": 9, "watered": 18, "name": "Chili (suns 1+2+3)"}, {"variety": 5, "cards": [13, 15, 15], "suns": 7, "points": 9, "watered": 18, "name": "Chili (suns 1+3+3)"}, {"variety": 5, "cards": [14, 14, 14], "suns": 6, "points": 9, "watered": 18, "name": "Chili (suns 2+2+2)"}, {"variety": 5, "cards": [14, 14, 15], "suns": 7, "points": 9, "watered": 18, "name": "Chili (suns 2+2+3)"}, {"variety": 5, "cards": [14, 15, 15], "suns": 8, "points": 9, "watered": 18, "name": "Chili (suns 2+3+3)"}, {"variety": 5, "cards": [15, 15, 15], "suns": 9, "points": 9, "watered": 18, "name": "Chili (suns 3+3+3)"}], "accessories": [{"name": "Fertilizer", "count": 5, "price": 2, "card": 16, "help": "draw the top card whenever you plant"}, {"name": "Watering Can", "count": 5, "price": 1, "card": 17, "help": "2 more chips from the well whenever you take the pond"}, {"name": "Wheelbarrow", "count": 5, "price": 2, "card": 18, "help": "2 chips from the well whenever you plant"}, {"name": "Scarecrow", "count": 5, "price": 1, "card": 19, "help": "at the start of your turn, draw a card, then compost one"}], "prices": [4, 3, 2, 1], "hand_limit": 7, "pond_start": 52, "coins_per_point": 3, "fresh_cost": 1};
const SPACE = {"size": 114, "kinds": [{"kind": "fresh", "base": 0, "count": 2, "label": "fresh vegetables: row {row}", "fields": [{"name": "row", "lo": 1, "size": 2}]}, {"kind": "scarecrow", "base": 2, "count": 1, "label": "Scarecrow: draw the top card", "fields": []}, {"kind": "accessory", "base": 3, "count": 4, "label": "buy {accessory}", "fields": [{"name": "accessory", "lo": 0, "size": 4, "names": ["Fertilizer", "Watering Can", "Wheelbarrow", "Scarecrow"]}]}, {"kind": "draw", "base": 7, "count": 1, "label": "draw the top card", "fields": []}, {"kind": "market", "base": 8, "count": 8, "label": "buy row {row} space {space}", "fields": [{"name": "row", "lo": 1, "size": 2}, {"name": "space", "lo": 0, "size": 4, "names": ["1 (4 coins)", "2 (3 coins)", "3 (2 coins)", "4 (1 coin)"]}]}, {"kind": "plant", "base": 16, "count": 42, "label": "plant {bed}", "fields": [{"name": "bed", "lo": 0, "size": 42, "names": ["Corn (suns 1+1)", "Corn (suns 1+2)", "Corn (suns 1+3)", "Corn (suns 2+2)", "Corn (suns 2+3)", "Corn (suns 3+3)", "Carrot (suns 1+1)", "Carrot (suns 1+2)", "Carrot (suns 1+3)", "Carrot (suns 2+2)", "Carrot (suns 2+3)", "Carrot (suns 3+3)", "Tomato (suns 1+1)", "Tomato (suns 1+2)", "Tomato (suns 1+3)", "Tomato (suns 2+2)", "Tomato (suns 2+3)", "Tomato (suns 3+3)", "Cauliflower (suns 1+1+1)", "Cauliflower (suns 1+1+2)", "Cauliflower (suns 1+1+3)", "Cauliflower (suns 1+2+2)", "Cauliflower (suns 1+2+3)", "Cauliflower (suns 1+3+3)", "Cauliflower (suns 2+2+2)", "Cauliflower (suns 2+2+3)", "Cauliflower (suns 2+3+3)", "Cauliflower (suns 3+3+3)", "Pumpkin (suns 2)", "Pumpkin (suns 2+2)", "Pumpkin (suns 2+2+2)", "Pumpkin (suns 2+2+2+2)", "Pumpkin (suns 2+2+2+2+2)", "Chili (suns 1+1+2)", "Chili (suns 1+1+3)", "Chili (suns 1+2+2)", "Chili (suns 1+2+3)", "Chili (suns 1+3+3)", "Chili (suns 2+2+2)", "Chili (suns 2+2+3)", "Chili (suns 2+3+3)", "Chili (suns 3+3+3)"]}]}, {"kind": "layout", "base": 58, "count": 4, "label": "lay out {accessory}", "fields": [{"name": "accessory", "lo": 0, "size": 4, "names": ["Fertilizer", "Watering Can", "Wheelbarrow", "Scarecrow"]}]}, {"kind": "take", "base": 62, "count": 2, "label": "take the pond as {mode}", "fields": [{"name": "mode", "lo": 0, "size": 2, "names": ["money", "water"]}]}, {"kind": "can", "base": 64, "count": 2, "label": "Watering Can chips as {mode}", "fields": [{"name": "mode", "lo": 0, "size": 2, "names": ["money", "water"]}]}, {"kind": "barrow", "base": 66, "count": 2, "label": "Wheelbarrow chips as {mode}", "fields": [{"name": "mode", "lo": 0, "size": 2, "names": ["money", "water"]}]}, {"kind": "water", "base": 68, "count": 26, "label": "water bed {bed}", "fields": [{"name": "bed", "lo": 1, "size": 26}]}, {"kind": "compost", "base": 94, "count": 20, "label": "compost {card}", "fields": [{"name": "card", "lo": 0, "size": 20, "names": ["Corn 1 sun", "Corn 2 suns", "Corn 3 suns", "Carrot 1 sun", "Carrot 2 suns", "Carrot 3 suns", "Tomato 1 sun", "Tomato 2 suns", "Tomato 3 suns", "Cauliflower 1 sun", "Cauliflower 2 suns", "Cauliflower 3 suns", "Pumpkin 2 suns", "Chili 1 sun", "Chili 2 suns", "Chili 3 suns", "Fertilizer", "Watering Can", "Wheelbarrow", "Scarecrow"]}]}]};
const STATES = [{"step": "main", "state": {"view": {"stage": "main", "turn": 0, "pond_board": 51, "pond": 1, "well": 0, "take": 1, "take_left": 0, "draw": 72, "compost": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "market": [[12, 11, 10, 12], [12, 11, 14, 11]], "stacks": [5, 5, 5, 5], "coins": [4, 4], "laid": [[], []], "held": [[], []], "hand_sizes": [5, 5], "beds": [[], []], "bed_values": [[], []], "watered": [[], []], "drops": 0, "fresh_used": false, "scarecrow_used": false, "last_turn": false, "hand": [0, 0, 2, 4, 14], "drew": [], "scores": [6, 6], "take_preview": {"can": 0, "free": 0, "covered": 0, "complete": 0, "to_well": 1}, "title": "chill_and_chili", "players": 2, "seat": 0, "current_player": 0, "step": 0}, "legal": [0, 2, 1, 14, 1, 1, 43, 2], "log_lines": ["Chill & Chili, 2 players: 52 chips on the pond board, 4 coins and 5 cards each.", "You are dealt Corn 1 sun, Corn 1 sun, Corn 3 suns, Carrot 2 suns, Chili 2 suns.", "Player 0 pushes a chip into the pond (1 in the pond, 51 left on the pond board)."], "scores": [6, 6], "winners": [], "seat_info": [{"seat": 0, "kind": "human", "name": "human"}, {"seat": 1, "kind": "policy", "name": "greedy"}], "to_move": 0, "status": "Your move (player 0).", "step_index": 0, "history_start": 0, "history_len": 0, "error": "", "speed": 2.0, "playing": false, "viewer": 0, "viewers": [0], "title": "chill_and_chili", "name": "Chill & Chili", "players": 2}, "legal": [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 62, 63]}, {"step": "water", "state": {"view": {"stage": "water", "turn": 0, "pond_board": 27, "pond": 3, "well": 1, "take": 2, "take_left": 1, "draw": 64, "compost": [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0], "market": [[12, 11, 10, 12], [7, 15, 12, 11]], "stacks": [3, 3, 3, 5], "coins": [5, 21], "laid": [[0, 1, 2], [0, 1, 2]], "held": [[], []], "hand_sizes": [4, 3], "beds": [[[0, 0], [4, 0]], [[28, 0], [34, 0], [28, 0]]], "bed_values": [[3, 3], [1, 9, 1]], "watered": [[], []], "drops": 3, "fresh_used": false, "scarecrow_used": false, "last_turn": false, "hand": [8, 12, 14, 14], "drew": [], "scores": [11, 21], "title": "chill_and_chili", "players": 2, "seat": 0, "current_player": 0, "step": 34}, "legal": [68, 2], "log_lines": ["Player 1 pushes a chip into the pond (10 in the pond, 32 left on the pond board).", "Player 1 takes 5 chips from the pond as money (5 left).", "Player 1's Watering Can: 2 chips from the well as money.", "Player 0 pushes a chip into the pond (6 in the pond, 31 left on the pond board).", "Player 0 lays out a Wheelbarrow.", "Player 1 pushes a chip into the pond (7 in the pond, 30 left on the pond board).", "Player 1 takes 4 chips from the pond as money (3 left).", "Player 1's Watering Can: 2 chips from the well as money.", "Player 0 pushes a chip into the pond (4 in the pond, 29 left on the pond board).", "Player 0 plants Corn (suns 2+3) as bed 2, worth 3 (double when its 5 suns are watered).", "Player 0's Fertilizer: draws the top card.", "You draw Tomato 3 suns.", "Player 0's Wheelbarrow: 2 chips from the well as money.", "Player 1 pushes a chip into the pond (5 in the pond, 28 left on the pond board).", "Player 1 plants Pumpkin (suns 2) as bed 3, worth 1 (double when its 2 suns are watered).", "Player 1's Fertilizer: draws the top card.", "Player 1's Wheelbarrow: 2 chips from the well as money.", "Player 0 pushes a chip into the pond (6 in the pond, 27 left on the pond board).", "Player 0 takes 3 chips from the pond as water (3 left).", "Player 0's Watering Can: 2 chips from the well as money."], "scores": [11, 21], "winners": [], "seat_info": [{"seat": 0, "kind": "human", "name": "human"}, {"seat": 1, "kind": "policy", "name": "greedy"}], "to_move": 0, "status": "Your move (player 0).", "step_index": 34, "history_start": 0, "history_len": 34, "error": "", "speed": 2.0, "playing": false, "viewer": 0, "viewers": [0], "title": "chill_and_chili", "name": "Chill & Chili", "players": 2}, "legal": [68, 69]}, {"step": "compost", "state": {"view": {"stage": "compost", "turn": 0, "pond_board": 41, "pond": 6, "well": 7, "take": 3, "take_left": 3, "draw": 68, "compost": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "market": [[12, 11, 10, 12], [7, 15, 12, 11]], "stacks": [4, 3, 5, 5], "coins": [5, 1], "laid": [[1], [0, 1]], "held": [[], []], "hand_sizes": [8, 5], "beds": [[], [[28, 0]]], "bed_values": [[], [1]], "watered": [[], []], "drops": 0, "fresh_used": false, "scarecrow_used": false, "last_turn": false, "hand": [0, 0, 2, 4, 11, 12, 14, 14], "drew": [12], "scores": [9, 6], "title": "chill_and_chili", "players": 2, "seat": 0, "current_player": 0, "step": 12}, "legal": [94, 1, 1, 1, 1, 1, 6, 2, 1, 1], "log_lines": ["Player 0 pushes a chip into the pond (3 in the pond, 49 left on the pond board).", "Player 0 buys a Watering Can for 1 coin.", "Player 1 pushes a chip into the pond (4 in the pond, 48 left on the pond board).", "Player 1 lays out a Watering Can.", "Player 0 pushes a chip into the pond (5 in the pond, 47 left on the pond board).", "Player 0 lays out a Watering Can.", "Player 1 pushes a chip into the pond (6 in the pond, 46 left on the pond board).", "Player 1 buys a Fertilizer for 2 coins.", "Player 0 pushes a chip into the pond (7 in the pond, 45 left on the pond board).", "Player 0 buys Chili 2 suns from row 2 for 1 coin; the cards slide right and Chili 3 suns is laid out.", "Player 1 pushes a chip into the pond (8 in the pond, 44 left on the pond board).", "Player 1 lays out a Fertilizer.", "Player 0 pushes a chip into the pond (9 in the pond, 43 left on the pond board).", "Player 0 takes 5 chips from the pond as money (4 left).", "Player 0's Watering Can: 2 chips from the well as money.", "Player 1 pushes a chip into the pond (5 in the pond, 42 left on the pond board).", "Player 1 plants Pumpkin (suns 2) as bed 1, worth 1 (double when its 2 suns are watered).", "Player 1's Fertilizer: draws the top card.", "Player 0 pushes a chip into the pond (6 in the pond, 41 left on the pond board).", "Player 0 buys Pumpkin 2 suns from row 2 for 3 coins; the cards slide right and Tomato 2 suns is laid out."], "scores": [9, 6], "winners": [], "seat_info": [{"seat": 0, "kind": "human", "name": "human"}, {"seat": 1, "kind": "policy", "name": "greedy"}], "to_move": 0, "status": "Your move (player 0).", "step_index": 12, "history_start": 0, "history_len": 12, "error": "", "speed": 2.0, "playing": false, "viewer": 0, "viewers": [0], "title": "chill_and_chili", "name": "Chill & Chili", "players": 2}, "legal": [94, 96, 98, 105, 106, 108]}, {"step": "can", "state": {"view": {"stage": "can", "turn": 0, "pond_board": 43, "pond": 4, "well": 6, "take": 2, "take_left": 2, "draw": 70, "compost": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "market": [[12, 11, 10, 12], [15, 12, 12, 11]], "stacks": [4, 3, 5, 5], "coins": [6, 1], "laid": [[1], [0, 1]], "held": [[], []], "hand_sizes": [7, 5], "beds": [[], []], "bed_values": [[], []], "watered": [[], []], "drops": 0, "fresh_used": false, "scarecrow_used": false, "last_turn": false, "hand": [0, 0, 2, 4, 11, 14, 14], "drew": [], "scores": [9, 5], "pending_chips": 2, "title": "chill_and_chili", "players": 2, "seat": 0, "current_player": 0, "step": 9}, "legal": [64, 2], "log_lines": ["Chill & Chili, 2 players: 52 chips on the pond board, 4 coins and 5 cards each.", "You are dealt Corn 1 sun, Corn 1 sun, Corn 3 suns, Carrot 2 suns, Chili 2 suns.", "Player 0 pushes a chip into the pond (1 in the pond, 51 left on the pond board).", "Player 0 buys Cauliflower 3 suns from row 2 for 1 coin; the cards slide right and Pumpkin 2 suns is laid out.", "Player 1 pushes a chip into the pond (2 in the pond, 50 left on the pond board).", "Player 1 buys a Watering Can for 1 coin.", "Player 0 pushes a chip into the pond (3 in the pond, 49 left on the pond board).", "Player 0 buys a Watering Can for 1 coin.", "Player 1 pushes a chip into the pond (4 in the pond, 48 left on the pond board).", "Player 1 lays out a Watering Can.", "Player 0 pushes a chip into the pond (5 in the pond, 47 left on the pond board).", "Player 0 lays out a Watering Can.", "Player 1 pushes a chip into the pond (6 in the pond, 46 left on the pond board).", "Player 1 buys a Fertilizer for 2 coins.", "Player 0 pushes a chip into the pond (7 in the pond, 45 left on the pond board).", "Player 0 buys Chili 2 suns from row 2 for 1 coin; the cards slide right and Chili 3 suns is laid out.", "Player 1 pushes a chip into the pond (8 in the pond, 44 left on the pond board).", "Player 1 lays out a Fertilizer.", "Player 0 pushes a chip into the pond (9 in the pond, 43 left on the pond board).", "Player 0 takes 5 chips from the pond as money (4 left)."], "scores": [9, 5], "winners": [], "seat_info": [{"seat": 0, "kind": "human", "name": "human"}, {"seat": 1, "kind": "policy", "name": "greedy"}], "to_move": 0, "status": "Your move (player 0).", "step_index": 9, "history_start": 0, "history_len": 9, "error": "", "speed": 2.0, "playing": false, "viewer": 0, "viewers": [0], "title": "chill_and_chili", "name": "Chill & Chili", "players": 2}, "legal": [64, 65]}, {"step": "barrow", "state": {"view": {"stage": "barrow", "turn": 0, "pond_board": 29, "pond": 4, "well": 7, "take": 2, "take_left": 2, "draw": 65, "compost": [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0], "market": [[12, 11, 10, 12], [7, 15, 12, 11]], "stacks": [3, 3, 3, 5], "coins": [1, 19], "laid": [[0, 1, 2], [0, 1, 2]], "held": [[], []], "hand_sizes": [4, 3], "beds": [[[0, 0], [4, 0]], [[28, 0], [34, 0]]], "bed_values": [[3, 3], [1, 9]], "watered": [[], []], "drops": 0, "fresh_used": false, "scarecrow_used": false, "last_turn": false, "hand": [8, 12, 14, 14], "drew": [8], "scores": [10, 19], "pending_chips": 2, "title": "chill_and_chili", "players": 2, "seat": 0, "current_player": 0, "step": 29}, "legal": [66, 2], "log_lines": ["Player 0 pushes a chip into the pond (7 in the pond, 35 left on the pond board).", "Player 0 plants Corn (suns 1+1) as bed 1, worth 3 (double when its 2 suns are watered).", "Player 0's Fertilizer: draws the top card.", "You draw Corn 2 suns.", "Player 1 pushes a chip into the pond (8 in the pond, 34 left on the pond board).", "Player 1 lays out a Wheelbarrow.", "Player 0 pushes a chip into the pond (9 in the pond, 33 left on the pond board).", "Player 0 buys a Wheelbarrow for 2 coins.", "Player 1 pushes a chip into the pond (10 in the pond, 32 left on the pond board).", "Player 1 takes 5 chips from the pond as money (5 left).", "Player 1's Watering Can: 2 chips from the well as money.", "Player 0 pushes a chip into the pond (6 in the pond, 31 left on the pond board).", "Player 0 lays out a Wheelbarrow.", "Player 1 pushes a chip into the pond (7 in the pond, 30 left on the pond board).", "Player 1 takes 4 chips from the pond as money (3 left).", "Player 1's Watering Can: 2 chips from the well as money.", "Player 0 pushes a chip into the pond (4 in the pond, 29 left on the pond board).", "Player 0 plants Corn (suns 2+3) as bed 2, worth 3 (double when its 5 suns are watered).", "Player 0's Fertilizer: draws the top card.", "You draw Tomato 3 suns."], "scores": [10, 19], "winners": [], "seat_info": [{"seat": 0, "kind": "human", "name": "human"}, {"seat": 1, "kind": "policy", "name": "greedy"}], "to_move": 0, "status": "Your move (player 0).", "step_index": 29, "history_start": 0, "history_len": 29, "error": "", "speed": 2.0, "playing": false, "viewer": 0, "viewers": [0], "title": "chill_and_chili", "name": "Chill & Chili", "players": 2}, "legal": [66, 67]}, {"step": "over", "state": {"view": {"stage": "over", "turn": null, "pond_board": 0, "pond": 5, "well": 0, "take": 3, "take_left": 2, "draw": 43, "compost": [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0], "market": [[3, 2, 6, 12], [5, 15, 7, 10]], "stacks": [3, 3, 3, 5], "coins": [2, 43], "laid": [[0, 1, 2], [0, 1, 2]], "held": [[], []], "hand_sizes": [2, 5], "beds": [[[0, 2], [4, 2], [28, 2], [28, 0], [17, 0], [3, 0], [39, 0], [26, 0], [9, 0]], [[28, 0], [34, 0], [28, 2], [28, 2], [8, 0], [28, 0], [28, 0], [15, 0]]], "bed_values": [[6, 3, 2, 1, 5, 3, 9, 7, 4], [1, 9, 2, 2, 4, 1, 1, 5]], "watered": [[0, 2], [2, 3]], "drops": 0, "fresh_used": false, "scarecrow_used": false, "last_turn": true, "hand": [6, 12], "drew": [12], "scores": [42, 44], "result": {"rows": [{"beds": 40, "hand": 2, "coins": 0, "total": 42}, {"beds": 25, "hand": 5, "coins": 14, "total": 44}], "winners": [1]}, "title": "chill_and_chili", "players": 2, "seat": 0, "current_player": null, "step": 77}, "legal": [], "log_lines": ["Player 0's Wheelbarrow: 1 chip from the well as money.", "Player 1 pushes a chip into the pond (10 in the pond, 4 left on the pond board).", "Player 1 takes 5 chips from the pond as money (5 left).", "Player 0 pushes a chip into the pond (6 in the pond, 3 left on the pond board).", "Player 0 plants Cauliflower (suns 2+3+3) as bed 8, worth 7 (double when its 8 suns are watered).", "Player 0's Fertilizer: draws the top card.", "You draw Carrot 2 suns.", "Player 1 pushes a chip into the pond (7 in the pond, 2 left on the pond board).", "Player 1 takes 4 chips from the pond as water (3 left).", "Player 1 waters bed 3 (Pumpkin).", "Player 1 waters bed 3 (Pumpkin).", "Player 1 waters bed 4 (Pumpkin).", "Player 1 waters bed 4 (Pumpkin).", "Player 0 pushes a chip into the pond (4 in the pond, 1 left on the pond board).", "Player 0 plants Carrot (suns 2+2) as bed 9, worth 4 (double when its 4 suns are watered).", "Player 0's Fertilizer: draws the top card.", "You draw Pumpkin 2 suns.", "Player 1 pushes a chip into the pond (5 in the pond, 0 left on the pond board: last turn).", "Player 1 draws the top card.", "The last chip is in the pond: game over. Winner(s): player 1."], "scores": [42, 44], "winners": [1], "seat_info": [{"seat": 0, "kind": "human", "name": "human"}, {"seat": 1, "kind": "policy", "name": "greedy"}], "to_move": null, "status": "Game over: player 1 wins.", "step_index": 77, "history_start": 0, "history_len": 77, "error": "", "speed": 2.0, "playing": false, "viewer": 0, "viewers": [0], "title": "chill_and_chili", "name": "Chill & Chili", "players": 2}, "legal": []}];

const byName = (name) => CATALOG.beds.findIndex((b) => b.name === name);

test("bedSuns covers the suns card by card; value and watered come from Python", () => {
  const k = byName("Tomato (suns 1+2)");
  const pk = byName("Pumpkin (suns 2+2+2+2+2)");
  // bed_values / watered as Python sends them (deliberately not the doubling rule)
  const view = { beds: [[[k, 2], [k, 3], [pk, 0]]], bed_values: [[5, 11, 10]], watered: [[1]] };
  const half = bedSuns(CATALOG, view, 0, 0);
  assert.equal(half.variety, "Tomato");
  assert.deepEqual(half.cards.map((c) => c.covered), [[true], [true, false]]);
  assert.equal(half.full, false);
  assert.equal(half.value, 5);
  const full = bedSuns(CATALOG, view, 0, 1);
  assert.equal(full.full, true);
  assert.equal(full.value, 11, "the value shown is Python's, not 2 x points");
  const pumpkins = bedSuns(CATALOG, view, 0, 2);
  assert.equal(pumpkins.points, 10);
  assert.equal(pumpkins.cards.length, 5);
});

test("bedTitle writes a bed from its cards' suns", () => {
  assert.equal(bedTitle(CATALOG, byName("Tomato (suns 1+2)")), "Tomato (☀ 1+2)");
  assert.equal(bedTitle(CATALOG, byName("Pumpkin (suns 2+2+2)")), "Pumpkin (☀ 2+2+2)");
});

test("takeLines: Python's take, take_left and take_preview (the rulebook's 6 of 11)", () => {
  const deciding = {
    pond: 11, take: 6, take_left: 5,
    take_preview: { can: 3, free: 4, covered: 4, complete: 2, to_well: 2 },
  };
  assert.deepEqual(takeLines(deciding), {
    n: 6, text: "of 11 in the pond, 5 stay + 3 from the well (Watering Can)",
    water: "as water: 4 of your 4 free suns covered, 2 beds complete, 2 to the well",
  });
  const dry = { pond: 3, take: 2, take_left: 1, take_preview: { can: 0, free: 0, covered: 0, complete: 0, to_well: 2 } };
  assert.equal(takeLines(dry).water, "as water: no free sun, all would go to the well");
  assert.equal(takeLines(dry).text, "of 3 in the pond, 1 stay");
  // not deciding (or a spectator): no take_preview, no water line
  assert.deepEqual(takeLines({ pond: 1, take: 1, take_left: 0 }), { n: 1, text: "of 1 in the pond, 0 stay", water: null });
});

test("handGroups counts equal cards", () => {
  const g = handGroups(CATALOG, [0, 0, 3]);
  assert.deepEqual(g.map((x) => [x.type, x.count]), [[0, 2], [3, 1]]);
  assert.equal(g[0].variety, CATALOG.varieties[CATALOG.cards[0].variety].name);
});

test("scoringRows and promptText", () => {
  const over = STATES.find((s) => s.step === "over").state.view;
  const rows = scoringRows(over);
  assert.equal(rows.length, 2);
  assert.ok(rows.some((r) => r.winner));
  for (const r of rows) assert.equal(r.beds + r.hand + r.coins, r.total);
  assert.equal(promptText(over, []), "Game over.");
  const water = STATES.find((s) => s.step === "water").state.view;
  assert.match(promptText(water, [1]), /water drop/);
});

async function mount(state) {
  const { doc, model, el } = await renderSynced(createWidget, board, { ...state, catalog: CATALOG, action_space: SPACE });
  return { el, model };
}

for (const c of STATES) {
  test(`a real ${c.step} state: drawn, and every board button sends a legal id`, async () => {
    const { el, model } = await mount(c.state);
    assert.equal(el.querySelector(".nbg-board-box pre"), null, "the board drew without error");
    assert.ok(el.querySelector(".cc-pond"), "the pond is drawn");
    assert.equal(el.querySelectorAll(".cc-mrow").length, 2, "two market rows");
    const legal = new Set(c.legal);
    const buttons = el.querySelectorAll(".cc-board button.nbg-legal");
    const sentIds = new Set();
    for (const b of buttons) {
      b.click();
      const msg = model.sent.at(-1);
      assert.equal(msg.type, "action");
      assert.ok(legal.has(msg.id), `${b.getAttribute("aria-label")} sends a legal id`);
      assert.equal(Number(b.getAttribute("data-aid")), msg.id);
      sentIds.add(msg.id);
    }
    // every legal action of the human seat is clickable on the board itself
    assert.deepEqual([...sentIds].sort((a, b) => a - b), [...legal].sort((a, b) => a - b));
    if (c.step === "water") assert.ok(el.querySelectorAll("button.cc-sun-free").length >= 2);
    if (c.step === "main") assert.ok(el.querySelector('[data-testid="take-preview"]').textContent.includes("Take"));
    if (c.step === "over") assert.ok(el.querySelector(".cc-score"));
  });
}

fixtureTest("every synced state of whole games from Python: legal moves all on the board",
  "chill_and_chili.json", async (cases) => {
    assert.ok(cases.length > 20);
    for (const c of cases) {
      const { el, model } = await renderSynced(createWidget, board, c.state);
      assert.equal(el.querySelector(".nbg-board-box pre"), null, `step ${c.state.step_index} drew`);
      const legal = new Set(expandRuns(c.state.legal));
      const sentIds = new Set();
      for (const b of el.querySelectorAll(".cc-board button.nbg-legal")) {
        b.click();
        assert.ok(legal.has(model.sent.at(-1).id), `step ${c.state.step_index}: ${b.getAttribute("aria-label")}`);
        sentIds.add(model.sent.at(-1).id);
      }
      assert.equal(sentIds.size, legal.size, `step ${c.state.step_index}: every legal id has a button`);
    }
  });

test("card names are never cut: a bed's small cards leave the name to the bed's header, long names get smaller type", async () => {
  const state = STATES.find((c) => c.step === "water").state;        // beds of Corn and Carrot; a Pumpkin
  const { el } = await mount(state);
  const beds = el.querySelectorAll(".cc-bed");
  assert.ok(beds.length >= 2);
  for (const bed of beds) {
    const head = bed.querySelector(".cc-bed-head").textContent;
    for (const small of bed.querySelectorAll(".cc-card.cc-small")) {
      assert.equal(small.querySelector(".cc-card-name"), null);      // no name to cut off
      assert.ok(head.includes(small.getAttribute("title")), `${head} names ${small.getAttribute("title")}`);
    }
  }
  const names = el.querySelectorAll(".cc-card-name");
  assert.ok(names.length > 0);
  for (const n of names) {
    const long = n.textContent.length > 8;                            // "Cauliflower"
    assert.equal(n.classList.contains("cc-name-long"), long, n.textContent);
  }
});

test("a card's numbers are readable on its colour: white on the dark-red Chili, dark on the light ones (issue 32)", async () => {
  assert.ok(Math.abs(contrast("#000000", "#ffffff") - 21) < 1e-9);
  const state = STATES.find((c) => c.step === "water").state;        // a hand with Chili and Tomato cards
  const { el } = await mount(state);
  const cards = [...el.querySelectorAll(".cc-card")].filter((c) => c.style.getPropertyValue("--cc-color"));
  const seen = new Set();
  for (const c of cards) {
    const bg = c.style.getPropertyValue("--cc-color");
    const ink = c.style.getPropertyValue("--cc-ink");
    assert.ok(ink, `a card coloured ${bg} sets its ink`);
    assert.ok(contrast(bg, ink) >= 4.5, `${c.getAttribute("title")}: ${ink} on ${bg} is ${contrast(bg, ink).toFixed(1)}:1`);
    seen.add(c.getAttribute("title"));
  }
  assert.ok(seen.has("Chili"), [...seen].join(", "));
  assert.equal(cards.find((c) => c.getAttribute("title") === "Chili").style.getPropertyValue("--cc-ink"), "#ffffff");
  for (const color of Object.values(VARIETY_COLOR)) {
    assert.ok(Math.max(contrast(color, "#ffffff"), contrast(color, "#111111")) >= 4.5, color);
  }
});

test("the market's rows carry the numbers the moves name: \"buy row 2 space 1\" (issue 32)", async () => {
  const state = STATES.find((c) => c.step === "main").state;
  const { el } = await mount(state);
  const rows = el.querySelectorAll(".cc-market .cc-mrow");
  assert.deepEqual(rows.map((r) => r.querySelector(".cc-rowlbl").textContent), ["row 1", "row 2"]);
  const buy = rows[1].querySelector("[data-aid]");
  assert.match(buy.getAttribute("aria-label"), /^buy row 2 space/);
});
