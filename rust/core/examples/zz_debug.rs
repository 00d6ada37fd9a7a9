use pokerforge_core::rooms::{contributions, read_file};
fn main() {
    let p = std::env::args().nth(1).unwrap();
    let b = std::fs::read(p).unwrap();
    // re-read with totals disabled is not possible; print the refusal and try the stars reader via read_file
    let f = read_file(&b);
    for h in &f.hands {
        match h {
            Ok(h) => println!(
                "{:?} {:?} {:?} {:?} {:?}",
                h.blinds,
                h.posts,
                h.stacks,
                contributions(h),
                h.steps
                    .iter()
                    .map(|s| format!("{:?} {:?} {:?}", s.player, s.verb, s.arg))
                    .collect::<Vec<_>>()
            ),
            Err(r) => println!("{:?}", r),
        }
    }
}
