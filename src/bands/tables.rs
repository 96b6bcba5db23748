//! Lookup tables of the band engine, computed at compile time.
//!
//! A band holds one digit's candidates as 27 bits, `9 * row + column` (row 0..3 within the
//! band, column 0..9). Its nine *minirows* are the three-cell pieces where a row crosses a
//! box; minirow `(row, box)` is bit `3 * row + box` of a 9-bit *minirow set*.

/// For the 9 bits of one row: which of its three minirows (bit `box`) hold a candidate.
pub(super) const MINIROWS_OF_ROW: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut occupied = 0u8;
        let mut b = 0;
        while b < 3 {
            if row & (7 << (3 * b)) != 0 {
                occupied |= 1 << b;
            }
            b += 1;
        }
        table[row] = occupied;
        row += 1;
    }
    table
};

/// The six ways a digit can sit in a band: one minirow per row and one per box (a
/// permutation matrix over rows and boxes), as minirow sets.
pub(super) const PLACEMENTS: [u16; 6] = {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u16; 6];
    let mut p = 0;
    while p < 6 {
        let mut set = 0u16;
        let mut row = 0;
        while row < 3 {
            set |= 1 << (3 * row + perms[p][row]);
            row += 1;
        }
        table[p] = set;
        p += 1;
    }
    table
};

/// For a set of minirows holding a candidate: the union of the placements that fit inside
/// it, that is the minirows the digit can still use. 0 when no placement fits: the digit
/// has no place left in some row or box of the band, or the rows and boxes cannot be
/// matched (a contradiction). Taking only these minirows is every locked-candidates
/// deduction within the band at once (pointing and claiming between its rows and boxes).
pub(super) const USABLE_MINIROWS: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut set = 0;
    while set < 512 {
        let mut usable = 0u16;
        let mut p = 0;
        while p < 6 {
            if PLACEMENTS[p] & !(set as u16) == 0 {
                usable |= PLACEMENTS[p];
            }
            p += 1;
        }
        table[set] = usable;
        set += 1;
    }
    table
};

/// For a set of minirows holding a candidate: which of the six [`PLACEMENTS`] fit inside it
/// (bit `p` for placement `p`).
pub(super) const FITTING_PLACEMENTS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut set = 0;
    while set < 512 {
        let mut fitting = 0u8;
        let mut p = 0;
        while p < 6 {
            if PLACEMENTS[p] & !(set as u16) == 0 {
                fitting |= 1 << p;
            }
            p += 1;
        }
        table[set] = fitting;
        set += 1;
    }
    table
};

/// For a set of minirows holding a candidate: how many of the six [`PLACEMENTS`] fit
/// inside it (the population count of [`FITTING_PLACEMENTS`], looked up: the portable
/// x86-64 target has no population count instruction).
pub(super) const FITTING_COUNT: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut set = 0;
    while set < 512 {
        table[set] = FITTING_PLACEMENTS[set].count_ones() as u8;
        set += 1;
    }
    table
};

/// For a minirow set: the 27-bit mask of its cells.
pub(super) const MINIROW_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut set = 0;
    while set < 512 {
        let mut cells = 0u32;
        let mut bit = 0;
        while bit < 9 {
            if set & (1 << bit) != 0 {
                let (row, b) = (bit / 3, bit % 3);
                cells |= 7 << (9 * row + 3 * b);
            }
            bit += 1;
        }
        table[set] = cells;
        set += 1;
    }
    table
};

/// For a set of usable minirows: those that are the only one of their row or of their box
/// (where a cell of the digit, if it is the minirow's only one, is fixed).
pub(super) const FORCED_MINIROWS: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut set = 0;
    while set < 512 {
        let mut forced = 0u16;
        let mut bit = 0;
        while bit < 9 {
            if set & (1 << bit) != 0 {
                let (row, b) = (bit / 3, bit % 3);
                let row_set = ((set >> (3 * row)) & 7) as u32;
                let box_set = ((set >> b) & 0b001_001_001) as u32;
                if row_set.count_ones() == 1 || box_set.count_ones() == 1 {
                    forced |= 1 << bit;
                }
            }
            bit += 1;
        }
        table[set] = forced;
        set += 1;
    }
    table
};

/// [`FORCED_MINIROWS`] as cells: the three cells of each forced minirow, one lookup for
/// the band examination.
pub(super) const FORCED_MINIROW_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut set = 0;
    while set < 512 {
        table[set] = MINIROW_CELLS[FORCED_MINIROWS[set] as usize];
        set += 1;
    }
    table
};

/// What one band examination needs of a digit-band's minirow set (the minirows holding a
/// candidate), in one 8-byte entry: `[0]` the cells of the usable minirows (0: no
/// placement fits, a contradiction); `[1]` bits 0..27 the cells of the forced minirows (in
/// every fitting placement), bits 27..30 the number of fitting placements. Two words, so
/// that neither needs a shift on the examination's path.
pub(super) const EXAMINATION: [[u32; 2]; 512] = {
    let mut table = [[0u32; 2]; 512];
    let mut set = 0;
    while set < 512 {
        let usable = USABLE_MINIROWS[set] as usize;
        table[set] = [
            MINIROW_CELLS[usable],
            FORCED_MINIROW_CELLS[usable] | (FITTING_COUNT[usable] as u32) << 27,
        ];
        set += 1;
    }
    table
};

/// Bit 0 of each of the nine three-bit groups of 27 bits (the lowest cell of each
/// minirow).
pub(super) const TRIPLET_LOW: u32 = 0o111_111_111;

/// For 3-bit groups (bit 0 of each in `low`), those holding exactly one bit of `x`, as
/// their bit 0.
#[inline(always)]
pub(super) const fn single_in_triplets(x: u32, low: u32) -> u32 {
    // One of three bits: an odd number of them, not all three.
    let (y, z) = (x >> 1, x >> 2);
    (x ^ y ^ z) & !(x & y & z) & low
}

/// The 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// Bits 0, 9 and 18: one cell in each row of a band, in column 0.
pub(super) const COLUMN_0: u32 = 1 | 1 << 9 | 1 << 18;

/// The cells of each row of a band.
pub(super) const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];

/// The cells of each box of a band.
pub(super) const BOX: [u32; 3] = [7 * COLUMN_0, (7 << 3) * COLUMN_0, (7 << 6) * COLUMN_0];

/// For each of the 27 cells of a band: the other cells of its row and box within the band.
pub(super) const ROW_AND_BOX_PEERS: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (row, column) = (i / 9, i % 9);
        table[i] = (ROW[row] | BOX[column / 3]) & !(1 << i);
        i += 1;
    }
    table
};

/// For each minirow set (bit `3 * row + box`): the cells of its rows and boxes (bits
/// 0..27), and in bits 27..32 its number of minirows when no two share a row or a box (a
/// partial placement), 31 otherwise. A digit's cells `x` with minirow set `m` share no row
/// or box exactly when `ROW_AND_BOX_COVER[m] >> 27 == x.count_ones()`.
pub(super) const ROW_AND_BOX_COVER: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let (mut cover, mut rows, mut boxes) = (0u32, 0u32, 0u32);
        let mut k = 0;
        while k < 9 {
            if m & (1 << k) != 0 {
                cover |= ROW[k / 3] | BOX[k % 3];
                rows |= 1 << (k / 3);
                boxes |= 1 << (k % 3);
            }
            k += 1;
        }
        let count = (m as u32).count_ones();
        let partial = rows.count_ones() == count && boxes.count_ones() == count;
        table[m] = cover | if partial { count } else { 31 } << 27;
        m += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usable_minirows_of_a_full_band_and_of_a_forced_one() {
        assert_eq!(USABLE_MINIROWS[0x1FF], 0x1FF);
        // Rows 0 and 1 confined to box 0: no placement (two rows, one box).
        assert_eq!(USABLE_MINIROWS[0b001_001_111], 0);
        // Row 0 only in box 0, row 1 only in box 1: row 2 must use box 2.
        let set = 0b111_010_001;
        assert_eq!(USABLE_MINIROWS[set], 0b100_010_001);
        assert_eq!(MINIROW_CELLS[0b100_010_001], 7 | 7 << 12 | 7 << 24);
        assert_eq!(MINIROWS_OF_ROW[0b010_000_001], 0b101);
        assert_eq!(BOX[1], 0o070 | 0o070 << 9 | 0o070 << 18);
        assert_eq!(ROW_AND_BOX_PEERS[0].count_ones(), 8 + 8 - 2);
        // Minirows (0, 0) and (1, 1): rows 0-1, boxes 0-1, a partial placement of two.
        let cover = ROW_AND_BOX_COVER[0b000_010_001];
        assert_eq!(cover & BAND, ROW[0] | ROW[1] | BOX[0] | BOX[1]);
        assert_eq!(cover >> 27, 2);
        // Minirows (0, 0) and (1, 0) share box 0.
        assert_eq!(ROW_AND_BOX_COVER[0b000_001_001] >> 27, 31);
        // Placement 0 alone: every minirow is forced; a full band: none is.
        assert_eq!(FORCED_MINIROWS[0b100_010_001], 0b100_010_001);
        assert_eq!(FORCED_MINIROWS[0x1FF], 0);
        assert_eq!(FORCED_MINIROW_CELLS[0b100_010_001], 7 | 7 << 12 | 7 << 24);
        assert_eq!(
            single_in_triplets(0b011_100_001, TRIPLET_LOW),
            0b000_001_001
        );
    }
}
